#include "solver/search/children_impl.h"

namespace tsume {

template PnDn initial_defender_pn<ShogiRules>(const MoveList&);
template PnDn initial_attacker_dn<ShogiRules>(const MoveList&);
template void expand_children<ShogiRules>(Position&, Color, TranspositionTable&,
                                          std::vector<Child>&);
template void value_waiting_child<ShogiRules>(Position&, Color, TranspositionTable&, Child&);
template void order_children<ShogiRules>(const Position&, Color, std::vector<Child>&);

}  // namespace tsume

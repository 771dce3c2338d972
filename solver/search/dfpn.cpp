#include "solver/search/dfpn_impl.h"

namespace tsume {

template class BasicMateSearch<ShogiRules>;

}  // namespace tsume

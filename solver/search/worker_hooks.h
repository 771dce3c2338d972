// What the serial mate search tells, and asks, the workers of a parallel search
// (solver/parallel supplies the implementation; the serial search runs without one).
//
// Every node entered and left is reported, so that the workers know who searches where; and
// at the nodes where the search lets itself be steered, it asks how a child looks with the
// other workers inside it (virtual proof numbers, Kaneko 2010). The answers only steer the
// choice of a child: the values the search returns and stores stay the real ones.
#pragma once

#include <cstdint>

#include "solver/core/hand.h"
#include "solver/search/pndn.h"

namespace tsume {

class WorkerHooks {
public:
  virtual ~WorkerHooks() = default;
  // The search enters (leaves) the node (board key, attacker hand).
  virtual void enter(std::uint64_t key, Hand hand) = 0;
  virtual void leave(std::uint64_t key, Hand hand) = 0;
  // Is another worker at this node, which the caller has entered, too? Only then can one be
  // inside a child (a transposition aside), and only then is seen_value worth asking.
  virtual bool shared(std::uint64_t key, Hand hand) const = 0;
  // The value `value` (the one the node minimises) of an open child as the workers make it
  // look: larger while others are searching it.
  virtual PnDn seen_value(std::uint64_t key, Hand hand, PnDn value) const = 0;
};

}  // namespace tsume

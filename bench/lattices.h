// Lattice positions: pieces on the edges of a lattice of empty squares and a
// jumper on a node, so that every chain is a trail through the lattice. They are the hard
// cases of the chain search; the answers quoted are those of plain recursion (value by
// points and, where checked, the number of maximal chains).
#pragma once

#include <string_view>

namespace leapfrog {

struct LatticeCase {
  std::string_view name;
  std::string_view position;
  int value;               // maximum capture by points
  std::string_view count;  // number of maximal chains, as a decimal string
};

// Issue 3 quotes 75 / 45441 for the 9x9 case; two independent counts (the test suite's
// plain recursion and the chain search) give 4544 maximal chains, which is what is used.
inline constexpr LatticeCase kLattices[] = {
    {"lattice-9x9",
     ".3.3.4.3./4.1.1.1.2/.4.4.3.1./1.3.4.3.2/.1.2.3.13/2.3.1.1.2/.1.1.1.2./4.2.2.2.1/.1.3.1.1.",
     75, "4544"},
    {"lattice-11x11",
     ".1.3.3.1.1./2.1.2.1.1.1/.3.2.2.3.3./3.1.3...2.3/.1.2.2.3.2./1.4...3.1.2/.1.2.3.1.2./"
     "1.2.4.2.1.1/"
     ".3.3.3.4.2./4...3.3.1.1/.2.1.2.231.",
     99, "27136"},
    {"lattice-13x13",
     ".....1.1.2.1./4.2.3...3.1../.2...3.1.1.1./3.3.1...2.2.2/.3.223.1.3.2./3...4.3.3.2.1/"
     "...3.3.3.4.1./"
     "2...1.2.1...4/.2.1.1...1.../1.2.1.1.1.1.1/.3.2.1.1.4.1./3.3.4.2.4.3../.2.1.1.2.2.2.",
     116, "10752"},
};

}  // namespace leapfrog

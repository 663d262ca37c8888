// Pagoda functions (the classic peg-solitaire pruning): a weight p >= 0 per cell such that
// no jump increases the weighted sum of the occupied cells, i.e. p(from) + p(over) >= p(to)
// for every jump. Removing a piece only lowers the sum too. So a position can never lead
// to one whose sum is larger: if p(s) > P(start), no game from `start` ends with a lone
// piece on s.
//
// lone_piece_squares() finds, for each playable cell s, the pagoda function that best
// separates s from the start (a small linear program: maximise p(s) - P(start) under the
// jump constraints and 0 <= p <= 1), scales it to integers, repairs any jump constraint the
// rounding broke (only ever lowering weights) and checks the separation exactly in
// integers, so a cell is ruled out only by a true pagoda function.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "core/geometry.h"

namespace leapfrog {

// For each grid cell: true when a game from the occupied cells `start` (per grid cell) may
// end with a lone piece there, as far as pagoda functions can tell. Cells that are not
// playable are false. Each program has a variable per square and a row per jump: meant for
// boards of up to about a hundred squares.
// Only the cells marked in `candidates` are examined (one linear program each); the others
// are returned as they are marked (false).
std::vector<bool> lone_piece_squares(const Shape& shape, const JumpTable& jumps,
                                     const std::vector<bool>& start,
                                     const std::vector<bool>& candidates);

// The pagoda function that lone_piece_squares finds for square s (a playable cell): integer
// weights per playable cell, by dense index (Shape::index), with p(s) greater than the sum
// over `start`; empty when it finds none. A position can never lead to one whose sum is
// larger, so a search may cut off every position whose sum is below p(s).
// `stopped` (may be empty) is asked between the program's pivots: when it answers true the
// program ends with no answer (empty).
std::vector<std::int64_t> separating_pagoda(const Shape& shape, const JumpTable& jumps,
                                            const std::vector<bool>& start, Square s,
                                            const std::function<bool()>& stopped = {});

// Maximises c.x subject to A x <= b, x >= 0, where b >= 0 (so x = 0 is feasible), by the
// simplex method with Bland's rule. Returns x; `value` gets c.x. A is dense, row by row.
// For small programs only; one that stalls (rounding on a degenerate program) returns x = 0
// and value 0, which callers must read as "no answer"; so does one that `stopped` (may be
// empty, asked between pivots) ends.
std::vector<double> simplex_max(const std::vector<std::vector<double>>& a,
                                const std::vector<double>& b, const std::vector<double>& c,
                                double& value, const std::function<bool()>& stopped = {});

}  // namespace leapfrog

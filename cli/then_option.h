// --then MOVE...: the turns show, moves, best, solve and analyse play before they look at the
// position (docs/options.md).
#pragma once

#include <string>
#include <vector>

#include "cli/common.h"

namespace leapfrog::cli {

// Adds --then to `d`, its values gathered in `then`; `after` ends the help text, saying what
// the command does with the position reached ("show the position they reach").
void add_then_option(po::options_description& d, std::vector<std::string>& then,
                     const std::string& after);

// Throws the UsageError for a missing POSITION, saying where it goes when --then was given
// (--then takes every word after it).
void require_position(const std::string& position, const std::vector<std::string>& then);

// The position after the --then moves (play_then: each checked as verify --game checks a
// turn; Ctrl-C stops the check), `setup` itself when there are none.
Setup after_then(const Setup& setup, const std::vector<std::string>& then);

}  // namespace leapfrog::cli

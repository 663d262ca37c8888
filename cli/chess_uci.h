// `leapfrog chess uci`: the Leap Chess engine over UCI (docs/uci.md).
#pragma once

#include "cli/common.h"

namespace leapfrog::cli {

int chess_uci(const Command& cmd, const std::vector<std::string>& args);

}  // namespace leapfrog::cli

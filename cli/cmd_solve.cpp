#include "cli/commands.h"
namespace leapfrog::cli {
int run_solve(const Command&, const std::vector<std::string>&) { return 2; }
}

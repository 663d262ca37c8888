#include "cli/commands.h"
namespace leapfrog::cli {
int run_verify(const Command&, const std::vector<std::string>&) { throw UsageError("todo"); }
}

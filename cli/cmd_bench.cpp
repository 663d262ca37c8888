#include "cli/commands.h"
namespace leapfrog::cli {
int run_bench(const Command&, const std::vector<std::string>&) { throw UsageError("todo"); }
}

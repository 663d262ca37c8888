// leapfrog: the command-line toolkit. Parses the subcommand and hands over; every error
// becomes a one-line message and exit code 2 (docs/json.md).
#include <csignal>
#include <iostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/suggest.h"
#include "core/text.h"

namespace {

using leapfrog::cli::Command;

void print_usage(std::ostream& out) {
  out << "Usage: leapfrog COMMAND [ARGS] [options]\n\n"
         "Leap-Frog toolkit: positions, legal turns, maximum captures, solitaire lines and the "
         "game.\n\n"
         "Commands:\n";
  for (const Command& c : leapfrog::cli::command_table()) {
    std::string name = c.name;
    name.resize(10, ' ');
    out << "  " << name << c.summary << "\n";
  }
  out << "\nPOSITION is position text (rows joined by '/', e.g. 1234/2.#1/4411), a file, '-' for\n"
         "standard input, or a variant name (traditional, murray, froglet, take-it-away,\n"
         "english, french, wiegleb, diamond; six directions: triangle, hexagon, capture)\n"
         "for its start position.\n\n"
         "Options: --help, --version; 'leapfrog COMMAND --help' for a command's options.\n"
         "Exit codes: 0 success, 1 a negative answer, 2 bad input or usage.\n";
}

// Exit code 0 when everything written to standard output got there, else 2 with a message.
int flushed() {
  if (std::cout << std::flush) return 0;
  std::cerr << leapfrog::cli::error_line("leapfrog", leapfrog::cli::stdout_failure(), false);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // A reader that goes away (`... | head -1`) makes a write fail as a full disk does, and every
  // command reports that the same way (exit 2, "cannot write standard output") instead of
  // dying from SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  leapfrog::cli::install_stdout();
  // Before anything else: a stop that comes while a command reads its input stops its search.
  leapfrog::cli::arm_interrupts();
  const std::vector<std::string> all(argv + 1, argv + argc);
  if (all.empty()) {
    print_usage(std::cerr);
    return 2;
  }
  // The American spelling of a command is the same command.
  const std::string first = leapfrog::cli::command_alias(all[0]);
  if (first == "--help" || first == "-h" || first == "help") {
    print_usage(std::cout);
    return flushed();
  }
  if (first == "--version") {
    std::cout << "leapfrog " << LEAPFROG_VERSION << "\n";
    return flushed();
  }
  for (const Command& c : leapfrog::cli::command_table()) {
    if (first != c.name) continue;
    // Every error is one line ending with a pointer to the command's help (but one of input or
    // output the system refused, which the help cannot mend). The messages quote
    // the user's text themselves; escaping the whole message again (a no-op on escaped text)
    // keeps a message from elsewhere (a library's) to one line too.
    try {
      const int code = c.run(c, std::vector<std::string>(all.begin() + 1, all.end()));
      // Output that did not reach its destination (a full disk, a closed pipe) is a failure.
      leapfrog::cli::check_stdout();
      return code;
    } catch (const leapfrog::cli::SubcommandError& e) {
      std::cerr << leapfrog::cli::error_line("leapfrog " + e.name(), e.what(), !e.io());
    } catch (const leapfrog::cli::IoError& e) {
      std::cerr << leapfrog::cli::error_line("leapfrog " + std::string(c.name), e.what(), false);
    } catch (const std::exception& e) {
      std::cerr << leapfrog::cli::error_line("leapfrog " + std::string(c.name), e.what());
    }
    return 2;
  }
  std::cerr << leapfrog::cli::error_line("leapfrog",
                                         "unknown command " + leapfrog::quoted_text(first) +
                                             leapfrog::cli::did_you_mean_command(first));
  return 2;
}

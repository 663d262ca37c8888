// leapfrog-mpi: the jobs that scale past one machine (reach, solve --count) run by every
// rank of an MPI job, each holding and expanding the positions it owns (core/exchange.h).
// The commands are leapfrog's own, with the same options; rank 0 prints their output, the
// other ranks print nothing.
#include <mpi.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <new>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/progress.h"
#include "cli/suggest.h"
#include "core/text.h"
#include "mpi/mpi_exchange.h"
#include "puzzles/notation.h"

namespace {

using leapfrog::cli::Command;

// Swallows what the ranks other than 0 would print.
class NullBuffer final : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

constexpr const char* kSplit[] = {"reach", "solve"};

void print_usage(std::ostream& out) {
  out << "Usage: mpirun -np N leapfrog-mpi COMMAND [ARGS] [options]\n\n"
         "The commands of leapfrog whose work is split over the ranks of an MPI job, with\n"
         "leapfrog's options and output (rank 0 prints it):\n\n";
  for (const char* name : kSplit) {
    const Command* c = leapfrog::cli::find_command(name);
    std::string padded = c->name;
    padded.resize(10, ' ');
    out << "  " << padded << c->summary << "\n";
  }
  out << "\nreach splits its levels; solve splits the level-by-level count of --count (the\n"
         "search itself runs on every rank). --hash is the memory of each rank.\n"
         "'leapfrog-mpi COMMAND --help' for a command's options, 'leapfrog-mpi --version' for\n"
         "the version.\n";
}

// What the rank's command ends with; errors of the input are found by every rank alike
// (before any exchange), so rank 0 alone reports them, as leapfrog does.
int run(int rank, const std::vector<std::string>& all, leapfrog::mpi::MpiExchange& exchange) {
  if (all.empty()) {
    print_usage(std::cerr);
    return 2;
  }
  const std::string& first = all[0];
  if (first == "--help" || first == "-h" || first == "help") {
    print_usage(std::cout);
    return 0;
  }
  if (first == "--version") {
    std::cout << "leapfrog-mpi " << LEAPFROG_VERSION << "\n";
    return 0;
  }
  const std::vector<std::string> args(all.begin() + 1, all.end());
  for (const char* name : kSplit) {
    if (first != name) continue;
    Command c = *leapfrog::cli::find_command(name);
    c.program = "leapfrog-mpi";  // its --help names this program, run by mpirun
    c.usage_launcher = "mpirun -np N ";
    c.example_launcher = "mpirun -np 2 ";
    // An error that one rank meets alone, in the middle of the work: the others would wait for
    // it for ever, so the whole job ends. `what` follows "rank N".
    const auto end_job = [&](const std::string& what) {
      const std::string line = leapfrog::cli::error_line(
          "leapfrog-mpi " + first, "rank " + std::to_string(rank) + what, false);
      std::fputs(line.c_str(), stderr);
      std::fflush(stderr);
      MPI_Abort(MPI_COMM_WORLD, 2);
    };
    try {
      const int code = first == "reach" ? leapfrog::cli::run_reach_split(c, args, &exchange)
                                        : leapfrog::cli::run_solve_split(c, args, &exchange);
      leapfrog::cli::check_stdout();
      return code;
    } catch (const leapfrog::cli::IoError& e) {
      // Refused input or output that one rank met alone (rank 0's output, a rank's
      // checkpoint file) ends the job when there are others waiting for it.
      if (exchange.ranks() > 1 && dynamic_cast<const leapfrog::cli::AgreedIoError*>(&e) == nullptr)
        end_job(std::string(": ") + e.what());
      std::cerr << leapfrog::cli::error_line("leapfrog-mpi " + first, e.what(), false);
      return 2;
    } catch (const leapfrog::cli::UsageError& e) {
      std::cerr << leapfrog::cli::error_line("leapfrog-mpi " + first, e.what());
      return 2;
    } catch (const leapfrog::ParseError& e) {
      std::cerr << leapfrog::cli::error_line("leapfrog-mpi " + first, e.what());
      return 2;
    } catch (const std::bad_alloc&) {
      end_job(" ran out of memory (lower --hash, or use more ranks)");
    } catch (const std::exception& e) {
      end_job(std::string(": ") + e.what());
    }
    return 2;
  }
  if (leapfrog::cli::find_command(leapfrog::cli::command_alias(first)) == nullptr) {
    std::cerr << leapfrog::cli::error_line("leapfrog-mpi",
                                           "unknown command " + leapfrog::quoted_text(first) +
                                               leapfrog::cli::did_you_mean_command(first));
    return 2;
  }
  std::cerr << leapfrog::cli::error_line(
      "leapfrog-mpi", leapfrog::quoted_text(first) +
                          " is not split over ranks (reach and solve are); run it with leapfrog");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // mpirun gives a rank a terminal of its own for standard output even when the user's is a
  // file, so a rank cannot tell: --color auto draws no colour here (--color always still does).
  // An empty NO_COLOR counts as unset, so it is replaced too. Before MPI starts any thread.
  if (const char* no_color = std::getenv("NO_COLOR"); no_color == nullptr || *no_color == '\0')
    ::setenv("NO_COLOR", "1", 1);
  int provided = 0;
  // Only the main thread of a rank calls MPI; oneTBB's workers never do.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  std::signal(SIGPIPE, SIG_IGN);
  leapfrog::cli::install_stdout();
  // mpirun passes Ctrl-C and SIGTERM on to every rank; each stops at the end of its round
  // and the ranks agree on it (a stop on any rank stops them all).
  leapfrog::cli::arm_interrupts();
  leapfrog::mpi::MpiExchange exchange;
  static NullBuffer null;  // outlives the streams' flush at exit
  if (exchange.rank() != 0) {
    std::cout.rdbuf(&null);
    std::cerr.rdbuf(&null);
  }
  const int code = run(exchange.rank(), std::vector<std::string>(argv + 1, argv + argc), exchange);
  // What each rank sent, for sizing a cluster (docs/distributed.md): on the rank's own
  // standard error, beside the command's output.
  if (const char* stats = std::getenv("LEAPFROG_MPI_STATS"); stats != nullptr && *stats == '1')
    std::fprintf(stderr, "leapfrog-mpi: rank %d sent %llu bytes\n", exchange.rank(),
                 static_cast<unsigned long long>(exchange.bytes_sent()));
  MPI_Finalize();
  return code;
}

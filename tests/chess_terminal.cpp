// chess play on a pseudo-terminal: the board is drawn in colour, typed moves are played.
#include <catch2/catch.hpp>

#include "pseudo_terminal.h"

TEST_CASE("chess play on a terminal: coloured board, a typed move, quit", "[chess][terminal]") {
  const auto r = leapfrog::testing::run_function_in_pty([] {
    // The moves arrive on the terminal's input as a person would type them.
    int in[2];
    if (pipe(in) != 0) _exit(3);
    const char text[] = "b3b4\nquit\n";
    if (write(in[1], text, sizeof text - 1) != static_cast<ssize_t>(sizeof text - 1)) _exit(3);
    close(in[1]);
    dup2(in[0], 0);
    setenv("TERM", "xterm", 1);
    unsetenv("NO_COLOR");
    execl(LEAPFROG_EXE, LEAPFROG_EXE, "chess", "play", "--nodes", "1000",
          static_cast<char*>(nullptr));
    _exit(127);
  });
  CHECK(r.code == 0);
  CHECK(r.out.find("\x1b[1;91m") != std::string::npos);  // a Red piece in colour
  CHECK(r.out.find("Black (engine) plays ") != std::string::npos);
}

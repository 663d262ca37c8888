// Leap Chess moves written as people try (e2-e4, Nb1c3) name the long algebraic move meant.
#include <catch2/catch.hpp>

#include "chess/notation.h"
#include "chess/position.h"

using namespace leapfrog;

TEST_CASE("Leap Chess moves in other spellings name long algebraic", "[notation]") {
  const chess::Position start = chess::Position::start();
  const auto error = [&](const std::string& text) -> std::string {
    try {
      chess::parse_move(text, start.geometry());
    } catch (const chess::MoveSyntaxError& e) {
      return e.what();
    }
    return "(no error)";
  };
  CHECK(error("e2-e4").ends_with("(did you mean e2e4?)"));
  CHECK(error("Nb1c3").ends_with("(did you mean b1c3?)"));
  CHECK(error("C2XE4XC6").ends_with("(did you mean c2xe4xc6?)"));
  CHECK(error("b2b4") == "(no error)");
  CHECK(error("zz").find("did you mean") == std::string::npos);
}

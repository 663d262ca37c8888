#include "generator/check.h"

#include "puzzles/legality.h"
#include "solver/chains/chains.h"
#include "solver/solitaire.h"

namespace leapfrog {

namespace {
PuzzleCheck failed(std::string why, std::uint64_t nodes = 0) {
  return {false, std::move(why), nodes};
}
}  // namespace

PuzzleCheck check_puzzle(const Puzzle& p, const SearchControl& control, std::size_t hash_mb) {
  const Setup& s = p.setup;
  if (p.kind == PuzzleKind::kChain) {
    const Rules rules = s.rules();
    if (p.solution.size() != 1) return failed("a chain puzzle's solution is one turn");
    const Turn& t = p.solution[0];
    const TurnCheck c = check_turn(s.board, rules, s.position, t);
    if (!c.legal)
      return failed("solution " + format_turn(s.board, t) + " is not legal: " + c.reason);
    if (c.size(rules) != p.value)
      return failed("solution captures " + std::to_string(c.size(rules)) + ", the puzzle says " +
                    std::to_string(p.value));
    const ChainResult best = best_chains(s.board, rules, s.position, {}, control);
    if (!best.complete) return failed("search stopped before the check was done", best.nodes);
    if (best.value != p.value)
      return failed("the largest capture is " + std::to_string(best.value) + " (" +
                        (best.best ? format_turn(s.board, *best.best) : std::string("-")) +
                        "), the puzzle says " + std::to_string(p.value),
                    best.nodes);
    if (p.unique && !(best.count.fits_u64() && best.count.low_u64() == 1))
      return failed("claimed unique, but " + best.count.to_string() + " chains capture " +
                        std::to_string(best.value),
                    best.nodes);
    return {true, "", best.nodes};
  }
  // Solitaire: one player makes every turn.
  const Rules rules = one_player(s.rules());
  Position pos = one_player(s.position);
  Score total = 0;
  for (std::size_t i = 0; i < p.solution.size(); ++i) {
    const TurnCheck c = check_turn(s.board, rules, pos, p.solution[i]);
    if (!c.legal)
      return failed("turn " + std::to_string(i + 1) + " " + format_turn(s.board, p.solution[i]) +
                    " is not legal: " + c.reason);
    total += c.size(rules);
    pos = apply(s.board, rules, pos, p.solution[i]);
  }
  if (total != p.value)
    return failed("the solution captures " + std::to_string(total) + ", the puzzle says " +
                  std::to_string(p.value));
  SolveOptions so;
  so.hash_mb = hash_mb;
  so.count = p.unique;
  const SolveResult r = solve(s.board, rules, s.position, so, control);
  if (!r.proved) return failed("the optimum could not be proved", r.nodes);
  if (r.value != p.value)
    return failed("the optimum is " + std::to_string(r.value) + ", the puzzle says " +
                      std::to_string(p.value),
                  r.nodes);
  if (p.unique && r.count != "1")
    return failed("claimed unique, but there are " + r.count + " optimal lines", r.nodes);
  return {true, "", r.nodes};
}

}  // namespace leapfrog

#include "puzzles/rules.h"

#include <array>
#include <utility>

#include "core/text.h"

namespace leapfrog {

namespace {

template <class E, std::size_t N>
std::string_view name_of(const std::array<std::pair<E, std::string_view>, N>& table, E e) {
  for (const auto& [value, name] : table)
    if (value == e) return name;
  return "?";
}

template <class E, std::size_t N>
std::optional<E> value_of(const std::array<std::pair<E, std::string_view>, N>& table,
                          std::string_view s) {
  for (const auto& [value, name] : table)
    if (name == s) return value;
  return std::nullopt;
}

constexpr std::array<std::pair<Continuation, std::string_view>, 4> kContinuations{{
    {Continuation::kOptional, "optional"},
    {Continuation::kForced, "forced"},
    {Continuation::kPieceMax, "piece-max"},
    {Continuation::kBoardMax, "board-max"},
}};
constexpr std::array<std::pair<Measure, std::string_view>, 2> kMeasures{{
    {Measure::kPoints, "points"},
    {Measure::kPieces, "pieces"},
}};
constexpr std::array<std::pair<Opening, std::string_view>, 3> kOpenings{{
    {Opening::kEachPlayer, "each"},
    {Opening::kFirstPlayer, "first"},
    {Opening::kNone, "none"},
}};
constexpr std::array<std::pair<RemovalKind, std::string_view>, 2> kRemovalKinds{{
    {RemovalKind::kAny, "any"},
    {RemovalKind::kCheapest, "cheapest"},
}};

}  // namespace

std::string_view to_string(Continuation c) { return name_of(kContinuations, c); }
std::string_view to_string(Measure m) { return name_of(kMeasures, m); }
std::string_view to_string(Opening o) { return name_of(kOpenings, o); }
std::string_view to_string(RemovalKind k) { return name_of(kRemovalKinds, k); }
std::optional<Continuation> parse_continuation(std::string_view s) {
  return value_of(kContinuations, s);
}
std::optional<Measure> parse_measure(std::string_view s) { return value_of(kMeasures, s); }
std::optional<Opening> parse_opening(std::string_view s) { return value_of(kOpenings, s); }
std::optional<RemovalKind> parse_removal_kind(std::string_view s) {
  return value_of(kRemovalKinds, s);
}

std::string amount_text(const Rules& rules, Score n) {
  return rules.measure == Measure::kPoints ? count_text(n, "point", "points")
                                           : count_text(n, "piece", "pieces");
}

std::string describe(const Rules& r) {
  std::string s;
  s += count_text(r.players, "player", "players");
  s += ", continuation " + std::string(to_string(r.continuation));
  s += ", by " + std::string(to_string(r.measure));
  s += ", " + directions(r.jumps).name + " jumps";
  s += ", opening " + std::string(to_string(r.opening));
  if (r.opening != Opening::kNone) s += " (" + std::string(to_string(r.removal)) + " piece)";
  return s;
}

}  // namespace leapfrog

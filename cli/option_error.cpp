#include "cli/option_error.h"

#include <algorithm>
#include <map>
#include <vector>

#include "core/text.h"

namespace leapfrog::cli {

namespace {

// The error's substitutions (placeholder name -> the user's text) are protected: a member
// pointer formed in a derived class reaches them in any error object.
struct SubstitutionsOf : boost::program_options::error_with_option_name {
  static std::map<std::string, std::string>& in(error_with_option_name& e) {
    return e.*&SubstitutionsOf::m_substitutions;
  }
};

// While Boost substitutes, the user's text holds no '%': each is written \x01 'p', and each
// \x01 as \x01 'e' (Boost's templates and our option names hold no \x01).
constexpr char kEscape = '\x01';

std::string hide_percents(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '%' || c == kEscape) {
      out += kEscape;
      out += c == '%' ? 'p' : 'e';
    } else {
      out += c;
    }
  }
  return out;
}

std::string restore_percents(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == kEscape && i + 1 < text.size()) {
      out += text[++i] == 'p' ? '%' : kEscape;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace

std::string option_error_message(boost::program_options::error& e) {
  // Boost lists the matches of a long option as "'--a', and '--b'": a list in plain English
  // instead (each name once, as Boost lists them).
  auto* ambiguous = dynamic_cast<boost::program_options::ambiguous_option*>(&e);
  if (ambiguous && ambiguous->get_option_name().starts_with("--")) {
    std::vector<std::string> matches;
    for (const std::string& m : ambiguous->alternatives())
      if (std::find(matches.begin(), matches.end(), "'--" + m + "'") == matches.end())
        matches.push_back("'--" + m + "'");
    return "option " + quoted_text(ambiguous->get_option_name()) + " is ambiguous and matches " +
           listed(matches, " and ");
  }
  auto* named = dynamic_cast<boost::program_options::error_with_option_name*>(&e);
  if (!named) return e.what();
  for (auto& [placeholder, text] : SubstitutionsOf::in(*named)) {
    // Echoed as quoted_text echoes: a huge option name or value is cut.
    text = hide_percents(text_start(text, kQuotedChars));
  }
  return restore_percents(named->what());
}

}  // namespace leapfrog::cli

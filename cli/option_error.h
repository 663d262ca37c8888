// The message of a Boost.Program_options error, with the user's text as given.
#pragma once

#include <boost/program_options/errors.hpp>
#include <string>

namespace leapfrog::cli {

// Boost builds an error's message by replacing placeholders (%canonical_option%, %option%,
// %prefix%, %value%, ...) in a template with the user's text, over and over until none is
// left: text that holds the placeholder it replaces never ends (an unknown option
// `--%canonical_option%` would spin forever), and text that holds another placeholder comes
// out changed (`--%prefix%x` would read '----x'). This returns the message with the user's
// text unchanged; the user's text in `e` is changed on the way (the error is for reporting,
// not for reuse).
std::string option_error_message(boost::program_options::error& e);

}  // namespace leapfrog::cli

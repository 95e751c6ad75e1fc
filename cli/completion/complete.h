// Shell completion from the one source of truth, the CLI11 definitions: `kueuegov __complete
// WORDS... CURRENT` walks the App tree as the parser would and prints the candidates for
// CURRENT in cobra's protocol (one `value<TAB>description` per line, then `:DIRECTIVE`), which
// the bash, zsh and fish scripts and kubectl's plugin completion (kubectl_complete-kueuegov)
// all read. Verbs, flags and -o values can therefore never drift from the parser.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace kg::cli {

/// cobra's ShellCompDirective bits, which kubectl's plugin completion understands.
enum CompletionDirective : int {
    k_comp_default = 0,      ///< the shell may fall back to file names
    k_comp_no_space = 2,     ///< do not add a space after the candidate
    k_comp_no_file_comp = 4, ///< never fall back to file names
};

struct CompletionCandidate {
    std::string value, description;
};

struct Completions {
    std::vector<CompletionCandidate> candidates;
    int directive = k_comp_default;
};

/// What the walk could not know from CLI11 alone: values that depend on data (rule ids, the
/// kinds inspect takes). Called with the (sub)command, the option whose value is completed
/// (nullptr for a positional, then `positional` is its 0-based index) and the words so far.
/// Returns true when it supplied the values (no file fallback then).
using ValueSource = std::function<bool(const CLI::App& cmd, const CLI::Option* opt, std::size_t positional,
                                       const std::vector<std::string>& words, std::vector<CompletionCandidate>& out)>;

/// The candidates for `current` after `words` (the words between the program name and it).
Completions complete_words(CLI::App& root, const std::vector<std::string>& words, const std::string& current,
                           const ValueSource& values);

/// Prints `c` in cobra's __complete protocol.
void print_completions(std::ostream& out, const Completions& c);

}  // namespace kg::cli

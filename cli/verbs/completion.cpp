// `kueuegov completion bash|zsh|fish` prints a completion script, and the hidden
// `kueuegov __complete WORDS... CURRENT` answers it (and kubectl's plugin completion through
// kubectl_complete-kueuegov) from the CLI11 definitions of the running binary
// (cli/completion/complete.h). Values that are data, not flags, come from here: rule ids for
// --enable/--disable, the kinds `inspect` takes and --cluster names from the store --db names.
#include "audit/check/rule.h"
#include "audit/store/store.h"
#include "cli/completion/complete.h"
#include "cli/completion/scripts.h"
#include "cli/verbs.h"
#include "lint/rule.h"

#include <filesystem>
#include <iostream>
#include <memory>

namespace kg::cli {

namespace {

/// The clusters of the store named by --db in `words` (none when absent or unreadable: a
/// completion never fails loudly).
std::vector<std::string> store_clusters(const std::vector<std::string>& words) {
    std::string db;
    for (std::size_t i = 0; i < words.size(); ++i) {
        if (words[i] == "--db" && i + 1 < words.size()) db = words[i + 1];
        else if (words[i].rfind("--db=", 0) == 0) db = words[i].substr(5);
    }
    if (db.empty() || !std::filesystem::is_regular_file(db)) return {};
    try {
        return audit::EvidenceStore(db, audit::EvidenceStore::Access::read_only).clusters();
    } catch (const std::exception&) {
        return {};
    }
}

bool data_values(const CLI::App& cmd, const CLI::Option* opt, std::size_t positional,
                 const std::vector<std::string>& words, std::vector<CompletionCandidate>& out) {
    if (opt && opt->check_lname("cluster")) {
        // The clusters the evidence store holds (ingest may also name a new one).
        for (const std::string& c : store_clusters(words)) out.push_back({c, "cluster in the evidence store"});
        return true;
    }
    const CLI::App* parent = cmd.get_parent();
    const bool audit_check = cmd.get_name() == "check" && parent && parent->get_name() == "audit";
    if (opt && (opt->check_lname("enable") || opt->check_lname("disable"))) {
        if (cmd.get_name() == "lint") {
            for (const lint::Rule& r : lint::registry()) out.push_back({r.info->id, r.info->summary});
            return true;
        }
        if (audit_check) {
            for (const audit::check::Rule& r : audit::check::registry()) out.push_back({r.info->id, r.info->summary});
            return true;
        }
    }
    if (!opt && positional == 0 && cmd.get_name() == "inspect") {
        // The first positional may be a kind (or a path: the shell still offers files when
        // nothing here matches what was typed).
        for (const char* k : {"clusterqueue", "cohort", "localqueue", "topology"}) out.push_back({k, "kind"});
        return false;
    }
    return false;
}

}  // namespace

Verb completion_verb() {
    return {"completion", "Print a shell completion script: bash, zsh or fish",
            [](CLI::App& cmd) -> VerbAction {
                auto shell = std::make_shared<std::string>();
                cmd.add_option("SHELL", *shell, "bash, zsh or fish")
                    ->required()
                    ->check(CLI::IsMember({"bash", "zsh", "fish"}));
                cmd.footer("Examples:\n"
                           "  source <(kueuegov completion bash)\n"
                           "  kueuegov completion zsh > \"${fpath[1]}/_kueuegov\"\n"
                           "  kueuegov completion fish > ~/.config/fish/completions/kueuegov.fish\n"
                           "The scripts ask the binary for candidates (verbs, flags, -o values, rule ids), so they\n"
                           "always match the installed version. For `kubectl kueuegov`, install\n"
                           "kubectl_complete-kueuegov on PATH (cmake --install does).");
                return [shell] {
                    std::cout << completion_script(*shell);
                    return k_exit_ok;
                };
            }};
}

Verb complete_verb() {
    return {"__complete", "", [](CLI::App& cmd) -> VerbAction {
                // Hidden, takes any words (flags included) and has no --help of its own: the
                // words are the command line being completed, not arguments to this verb.
                cmd.group("");
                cmd.set_help_flag();
                cmd.prefix_command();
                cmd.allow_extras();
                CLI::App* root = cmd.get_parent();
                return [&cmd, root] {
                    std::vector<std::string> words = cmd.remaining();
                    std::string current;
                    if (!words.empty()) {
                        current = words.back();
                        words.pop_back();
                    }
                    print_completions(std::cout, complete_words(*root, words, current, data_values));
                    return k_exit_ok;
                };
            }};
}

}  // namespace kg::cli

// kueuegov: the verb table and the one top-level catch. Each verb lives in its
// own file under cli/verbs/; this file only wires them to CLI11.
#include "audit/store/connection.h"
#include "cli/output.h"
#include "cli/verbs.h"
#include "model/result.h"

#include <iostream>
#include <vector>

namespace {

std::vector<kg::cli::Verb> verbs() {
    using namespace kg::cli;
    return {
        audit_verb(),
        chargeback_verb(),
        completion_verb(),
        diff_verb(),
        explain_verb(),
        export_command_verb(),
        inspect_verb(),
        lint_verb(),
        report_verb(),
        simulate_verb(),
        replay_verb(),
        version_verb(),
        who_can_verb(),
        complete_verb(),  // hidden: answers the completion scripts
    };
}

}  // namespace

int main(int argc, char** argv) {
    kg::cli::guard_stderr();
    kg::cli::guard_stdout();
    CLI::App app{"kueuegov: audit and govern Kueue queue policy, offline.\n"
                 "Reads the manifests and exports you already have (kubectl get -o yaml, audit logs).",
                 "kueuegov"};
    app.require_subcommand(1);
    app.failure_message(CLI::FailureMessage::help);
    app.set_version_flag("--version", std::string("kueuegov ") + KG_VERSION);
    app.footer("Exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage or input error.\n"
               "Run `kueuegov VERB --help` for a verb's flags, `man kueuegov` for the manual.");

    std::vector<kg::cli::Verb> table = verbs();
    std::vector<std::pair<CLI::App*, kg::cli::VerbAction>> actions;
    for (kg::cli::Verb& v : table) {
        CLI::App* cmd = app.add_subcommand(v.name, v.help);
        actions.emplace_back(cmd, v.setup(*cmd));
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int rc = app.exit(e);
        return rc == 0 && kg::cli::finish_stdout() ? 0 : kg::cli::k_exit_usage;
    }
    try {
        for (auto& [cmd, action] : actions) {
            if (cmd->parsed()) {
                int rc = action();
                // Output is complete or the command fails: a short write to stdout is exit 2.
                return kg::cli::finish_stdout() ? rc : kg::cli::k_exit_usage;
            }
        }
    } catch (const kg::audit::store::Unavailable& e) {
        std::cerr << "kueuegov: error: " << e.what() << "\n";
        return kg::cli::k_exit_unavailable;
    } catch (const kg::model::Fatal& e) {
        std::cerr << "kueuegov: error: " << e.what() << "\n";
        return kg::cli::k_exit_usage;
    } catch (const std::exception& e) {
        std::cerr << "kueuegov: internal error: " << e.what() << "\n";
        return kg::cli::k_exit_usage;
    }
    return kg::cli::k_exit_usage;
}

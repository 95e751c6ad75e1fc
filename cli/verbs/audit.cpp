// `kueuegov audit`: the evidence store built from Kubernetes audit logs and exports
// (audit-evidence.md). The subcommands live in audit_*.cpp; this file is their table.
#include "cli/verbs.h"
#include "cli/verbs/audit.h"

#include <memory>
#include <vector>

namespace kg::cli {

namespace {

std::vector<Verb> audit_subcommands() {
    return {
        audit_init_db_subcommand(),
        audit_ingest_subcommand(),
        audit_verify_subcommand(),
        audit_check_subcommand(),
        audit_timeline_subcommand(),
        audit_head_subcommand(),
        audit_sign_subcommand(),
    };
}

}  // namespace

Verb audit_verb() {
    return {"audit", "Evidence store from audit logs and exports: init-db, ingest, verify, check, timeline, head, sign",
            [](CLI::App& cmd) -> VerbAction {
                cmd.require_subcommand(1);
                cmd.footer("The store is one SQLite file; its schema is in man kueuegov-audit.\n"
                           "Run `kueuegov audit SUBCOMMAND --help` for a subcommand's flags.");
                auto actions = std::make_shared<std::vector<std::pair<CLI::App*, VerbAction>>>();
                for (Verb& v : audit_subcommands()) {
                    CLI::App* sub = cmd.add_subcommand(v.name, v.help);
                    actions->emplace_back(sub, v.setup(*sub));
                }
                return [actions] {
                    for (auto& [sub, action] : *actions)
                        if (sub->parsed()) return action();
                    return static_cast<int>(k_exit_usage);
                };
            }};
}

}  // namespace kg::cli

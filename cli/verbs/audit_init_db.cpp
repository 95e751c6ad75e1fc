// `kueuegov audit init-db --db TARGET [--roles]`: creates the evidence store's schema (or
// migrates an older store) explicitly, so an administrator can set a database up before any
// ingest runs, and with --roles gives a PostgreSQL store its read-only auditor role and its
// insert-only ingest role.
#include "audit/store/connection.h"
#include "audit/store/roles.h"
#include "audit/store/schema.h"
#include "audit/store/store.h"
#include "cli/evidence_source.h"
#include "cli/verbs/audit.h"
#include "report/escape.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <utility>

namespace kg::cli {

namespace {

struct InitDbArgs {
    std::string db, auditor_role = "kueuegov_auditor", ingest_role = "kueuegov_ingest";
    bool roles = false;
};

int run_init_db(const InitDbArgs& a) {
    const bool server = audit::store::is_server_url(a.db);
    // Checked before anything is created: an SQLite file is never made by a command that fails.
    if (a.roles && !server) {
        std::cerr << "kueuegov: error: --roles needs a PostgreSQL store (--db postgresql://...): an SQLite store "
                     "has no roles; restrict who can read or write "
                  << report::escape_terminal(a.db) << " with its file permissions\n";
        return k_exit_usage;
    }
    for (const auto& [flag, name] : {std::pair<const char*, const std::string&>{"--auditor-role", a.auditor_role},
                                     {"--ingest-role", a.ingest_role}})
        if (a.roles && !audit::store::valid_role_name(name)) {
            std::cerr << "kueuegov: error: " << flag << " " << report::escape_terminal(name)
                      << ": expected lower-case letters, digits and '_' (not starting with a digit, at most 63)\n";
            return k_exit_usage;
        }
    if (a.roles && a.auditor_role == a.ingest_role) {
        std::cerr << "kueuegov: error: --auditor-role and --ingest-role are both " << a.auditor_role
                  << ": expected two roles (the auditor must not insert)\n";
        return k_exit_usage;
    }
    int before = 0;
    if (server || std::filesystem::exists(a.db)) {
        audit::store::Db probe(a.db, audit::store::Db::Mode::read_only);
        before = audit::store::schema_version(probe);
    }
    // Opening for writing creates and migrates (under the writer lock, as an ingest would).
    audit::EvidenceStore store(a.db, audit::EvidenceStore::Access::read_write);
    const int after = audit::store::schema_version(store.db());
    std::cout << "store " << report::escape_terminal(store_display(a.db)) << ": schema version " << after;
    if (before == after)
        std::cout << " (already current)\n";
    else
        std::cout << " (" << (before == 0 ? std::string("created") : "migrated from " + std::to_string(before)) << ")\n";
    if (a.roles) {
        for (const std::string& line : audit::store::ensure_auditor_role(store.db(), a.auditor_role))
            std::cout << report::escape_terminal(line) << "\n";
        for (const std::string& line : audit::store::ensure_ingest_role(store.db(), a.ingest_role))
            std::cout << report::escape_terminal(line) << "\n";
    }
    return k_exit_ok;
}

}  // namespace

Verb audit_init_db_subcommand() {
    return {"init-db", "Create or migrate the evidence store's schema; --roles: its PostgreSQL auditor and ingest roles",
            [](CLI::App& cmd) -> VerbAction {
                auto a = std::make_shared<InitDbArgs>();
                cmd.add_option("--db", a->db, "Evidence store: SQLite file or postgresql:// URL")->required();
                cmd.add_flag("--roles", a->roles,
                             "PostgreSQL only: create or reset the auditor role (SELECT on every table and view, "
                             "nothing else) and the ingest role (SELECT and INSERT, no UPDATE or DELETE)");
                cmd.add_option("--auditor-role", a->auditor_role, "Name of the auditor role (default kueuegov_auditor)");
                cmd.add_option("--ingest-role", a->ingest_role, "Name of the ingest role (default kueuegov_ingest)");
                cmd.footer("Examples:\n"
                           "  kueuegov audit init-db --db evidence.db\n"
                           "  kueuegov audit init-db --db postgresql://admin@db.example/evidence --roles\n"
                           "  psql ... -c 'GRANT kueuegov_auditor TO alice' -c 'GRANT kueuegov_ingest TO collector'\n"
                           "Exit status: 0 the schema is current (and the role set); 2 usage error (--roles on an\n"
                           "SQLite store), a foreign or newer store, or the server refused a statement; 3 the\n"
                           "server cannot be reached.");
                return [a] { return run_init_db(*a); };
            }};
}

}  // namespace kg::cli

// The auditor and ingest roles of a PostgreSQL evidence store (audit/store/roles.h).
#include "audit/store/roles.h"

#include "audit/store/connection.h"
#include "audit/store/schema_partitions.h"
#include "model/result.h"

namespace kg::audit::store {

bool valid_role_name(const std::string& name) {
    if (name.empty() || name.size() > 63 || (name[0] >= '0' && name[0] <= '9')) return false;
    for (char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

namespace {

enum class RoleKind { auditor, ingest };

std::vector<std::string> ensure_role(Db& db, const std::string& role, RoleKind kind) {
    if (db.dialect() != Dialect::postgres)
        throw model::Fatal("roles exist only on a PostgreSQL store; " + db.path() + " is an SQLite file");
    if (!valid_role_name(role))
        throw model::Fatal("role name '" + role + "' is not lower-case letters, digits and '_'");
    std::vector<std::string> done;
    // The schema and database names come from the server, quoted by it: they may hold anything.
    Stmt names(db, "SELECT quote_ident(current_schema()), quote_ident(current_database())");
    names.step();
    const std::string schema = names.text(0), database = names.text(1);
    Transaction tx(db);
    {
        Stmt exists(db, "SELECT 1 FROM pg_roles WHERE rolname = ?1");
        exists.bind(1, role);
        if (!exists.step()) {
            db.exec("CREATE ROLE " + role + " NOLOGIN");
            done.push_back("created role " + role);
        } else {
            done.push_back("role " + role + " exists; its privileges on the store are reset");
        }
    }
    // Revoke first: whatever someone granted the role on these tables (UPDATE, DELETE, TRUNCATE,
    // ...) goes, then exactly what the role needs is given back.
    db.exec("REVOKE ALL ON ALL TABLES IN SCHEMA " + schema + " FROM " + role);
    db.exec("REVOKE ALL ON ALL SEQUENCES IN SCHEMA " + schema + " FROM " + role);
    db.exec("REVOKE CREATE ON SCHEMA " + schema + " FROM " + role);
    db.exec("REVOKE ALL ON ALL FUNCTIONS IN SCHEMA " + schema + " FROM " + role);
    db.exec("GRANT USAGE ON SCHEMA " + schema + " TO " + role);
    db.exec("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
    // Tables the store's owner creates later (migrations of a newer kueuegov) get the same.
    db.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA " + schema + " GRANT SELECT ON TABLES TO " + role);
    if (kind == RoleKind::ingest) {
        // INSERT and nothing that changes a stored row: since schema 6 an ingest only inserts
        // (sources and batches are completed by inserted progress, seal and close rows). USAGE
        // on the identity sequences hands out ids (nextval); setval needs UPDATE, not granted.
        // schema_migrations stays read-only: the schema is the owner's (migrate() on a current
        // store writes nothing, and an older store is refused until its owner migrates it).
        db.exec("GRANT INSERT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
        db.exec("REVOKE INSERT ON schema_migrations FROM " + role);
        db.exec("GRANT USAGE ON ALL SEQUENCES IN SCHEMA " + schema + " TO " + role);
        db.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA " + schema + " GRANT INSERT ON TABLES TO " + role);
        db.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA " + schema + " GRANT USAGE ON SEQUENCES TO " + role);
        // The partition of a new (cluster, month) is created by the store owner's function
        // (SECURITY DEFINER, migration 8): the role gets EXECUTE on it and still no CREATE.
        db.exec("GRANT EXECUTE ON FUNCTION " + schema + "." + k_add_partitions_signature + " TO " + role);
    }
    db.exec("GRANT CONNECT, TEMPORARY ON DATABASE " + database + " TO " + role);
    tx.commit();
    if (kind == RoleKind::auditor)
        done.push_back("granted " + role + " SELECT on every table and view of schema " + schema +
                       " (no INSERT, UPDATE or DELETE), CONNECT and TEMPORARY on database " + database);
    else
        done.push_back("granted " + role + " SELECT and INSERT on every table of schema " + schema +
                       " (no UPDATE, DELETE or TRUNCATE; schema_migrations read-only), USAGE on its sequences, "
                       "EXECUTE on " + k_add_partitions_function + " (new partitions; no CREATE), "
                       "CONNECT and TEMPORARY on database " + database);
    return done;
}

}  // namespace

std::vector<std::string> ensure_auditor_role(Db& db, const std::string& auditor) {
    return ensure_role(db, auditor, RoleKind::auditor);
}

std::vector<std::string> ensure_ingest_role(Db& db, const std::string& ingest) {
    return ensure_role(db, ingest, RoleKind::ingest);
}

}  // namespace kg::audit::store

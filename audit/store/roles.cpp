// The auditor role of a PostgreSQL evidence store (audit/store/roles.h).
#include "audit/store/roles.h"

#include "audit/store/connection.h"
#include "model/result.h"

namespace kg::audit::store {

bool valid_role_name(const std::string& name) {
    if (name.empty() || name.size() > 63 || (name[0] >= '0' && name[0] <= '9')) return false;
    for (char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
    return true;
}

std::vector<std::string> ensure_auditor_role(Db& db, const std::string& auditor) {
    if (db.dialect() != Dialect::postgres)
        throw model::Fatal("roles exist only on a PostgreSQL store; " + db.path() + " is an SQLite file");
    if (!valid_role_name(auditor))
        throw model::Fatal("role name '" + auditor + "' is not lower-case letters, digits and '_'");
    std::vector<std::string> done;
    // The schema and database names come from the server, quoted by it: they may hold anything.
    Stmt names(db, "SELECT quote_ident(current_schema()), quote_ident(current_database())");
    names.step();
    const std::string schema = names.text(0), database = names.text(1);
    Transaction tx(db);
    {
        Stmt exists(db, "SELECT 1 FROM pg_roles WHERE rolname = ?1");
        exists.bind(1, auditor);
        if (!exists.step()) {
            db.exec("CREATE ROLE " + auditor + " NOLOGIN");
            done.push_back("created role " + auditor);
        } else {
            done.push_back("role " + auditor + " exists; its privileges on the store are reset");
        }
    }
    // Revoke first: whatever someone granted the role on these tables (UPDATE, DELETE, TRUNCATE,
    // INSERT) goes, then exactly SELECT is given back.
    db.exec("REVOKE ALL ON ALL TABLES IN SCHEMA " + schema + " FROM " + auditor);
    db.exec("REVOKE ALL ON ALL SEQUENCES IN SCHEMA " + schema + " FROM " + auditor);
    db.exec("REVOKE CREATE ON SCHEMA " + schema + " FROM " + auditor);
    db.exec("GRANT USAGE ON SCHEMA " + schema + " TO " + auditor);
    db.exec("GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + auditor);
    // Tables the store's owner creates later (migrations of a newer kueuegov) are readable too.
    db.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA " + schema + " GRANT SELECT ON TABLES TO " + auditor);
    db.exec("GRANT CONNECT, TEMPORARY ON DATABASE " + database + " TO " + auditor);
    tx.commit();
    done.push_back("granted " + auditor + " SELECT on every table and view of schema " + schema +
                   " (no INSERT, UPDATE or DELETE), CONNECT and TEMPORARY on database " + database);
    return done;
}

}  // namespace kg::audit::store

// `kueuegov audit init-db` through the binary: the schema created and found current on SQLite,
// --roles refused there (exit 2, no file made); on PostgreSQL (tag [.postgres]) the auditor role
// created and reset, a user granted it reads check, timeline, report, chargeback and verify, and
// is refused INSERT, UPDATE, DELETE and ingest; a writer role without CREATE on the schema ingests
// into a current store (migrate() runs no DDL then); the ingest role ingests, re-ingests
// idempotently and resumes after kill -9, and is refused UPDATE, DELETE and TRUNCATE; migrating to
// partitions (schema 8) keeps every role's privileges and the ingest role's ability to ingest.
#include "audit/store/connection.h"
#include "audit/store/roles.h"
#include "audit/store/schema.h"
#include "audit_test_util.h"
#include "pg_test_db.h"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <thread>
#include <filesystem>
#include <string>

using namespace kg::audit;
using namespace kg::audit::test;
using kg::audit::store::Db;

namespace {

std::string q(const std::string& s) { return "'" + s + "'"; }

/// Drops the roles a test made, after its database is gone (declare it before the PgTestDb):
/// roles are the server's, and a role with privileges in a database cannot be dropped.
struct DropRoles {
    std::vector<std::string> roles;
    /// A role name of this process (`prefix`_PID), dropped at the end: in the reverse order of
    /// naming, so a login made to hold a role goes before the role it holds.
    std::string name(const std::string& prefix) {
        roles.insert(roles.begin(), prefix + "_" + std::to_string(::getpid()));
        return roles.front();
    }
    ~DropRoles() {
        try {
            Db admin(pg_server_url(), Db::Mode::read_write_create);
            for (const std::string& r : roles) admin.exec("DROP ROLE IF EXISTS " + r);
        } catch (...) {  // reported by the test that failed to connect
        }
    }
};

/// The server's message when `sql` run as the session of `url` fails ("" when it succeeds).
std::string refusal(const std::string& url, const std::string& sql) {
    try {
        Db db(url, Db::Mode::read_write_create);
        db.exec(sql);
    } catch (const kg::model::Fatal& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("init-db creates an SQLite store's schema and finds it current the second time") {
    TempPath db("init-db");
    const CliRun first = run_cli("audit init-db --db " + db.str());
    CHECK(first.rc == 0);
    CHECK(first.out == "store " + db.str() + ": schema version " + std::to_string(store::known_schema_version()) +
                           " (created)\n");
    const CliRun second = run_cli("audit init-db --db " + db.str());
    CHECK(second.rc == 0);
    CHECK_THAT(second.out, Catch::EndsWith(" (already current)\n"));
    CHECK(run_cli("audit verify --db " + db.str()).rc == 0);
}

TEST_CASE("init-db --roles on an SQLite store is a usage error that creates nothing") {
    TempPath db("init-db-roles");
    const CliRun r = run_cli("audit init-db --db " + db.str() + " --roles");
    CHECK(r.rc == 2);
    CHECK_THAT(r.out, Catch::Contains("--roles needs a PostgreSQL store") && Catch::Contains("file permissions"));
    CHECK_FALSE(std::filesystem::exists(db.path));
}

TEST_CASE("init-db migrates a store of an older schema") {
    TempPath db("init-db-old");
    {
        Db raw(db.str(), Db::Mode::read_write_create);
        store::migrate_to(raw, 3);
    }
    const CliRun r = run_cli("audit init-db --db " + db.str());
    CHECK(r.rc == 0);
    CHECK_THAT(r.out, Catch::EndsWith("schema version " + std::to_string(store::known_schema_version()) +
                                      " (migrated from 3)\n"));
}

TEST_CASE("init-db refuses a bad role name and another application's file") {
    // The name is checked before any connection: no server is needed to refuse it.
    const CliRun bad = run_cli("audit init-db --db 'postgresql://nobody@/none?host=/nonexistent' --roles "
                        "--auditor-role 'x; DROP TABLE sources'");
    CHECK(bad.rc == 2);
    CHECK_THAT(bad.out, Catch::Contains("expected lower-case letters"));
    TempPath foreign("init-db-foreign");
    {
        Db raw(foreign.str(), Db::Mode::read_write_create);
        raw.exec("CREATE TABLE users(id INTEGER)");
    }
    const CliRun f = run_cli("audit init-db --db " + foreign.str());
    CHECK(f.rc == 2);
    CHECK_THAT(f.out, Catch::Contains("is not a kueuegov evidence store"));
}

TEST_CASE("the auditor role reads every verb and writes nothing", "[.postgres]") {
    DropRoles roles;
    PgTestDb pg("kg_initdb_roles");
    const std::string auditor = roles.name("kg_aud");
    const std::string alice = roles.name("kg_alice");
    const std::string ingest_role = roles.name("kg_ing_a");

    const CliRun init = run_cli("audit init-db --db '" + pg.url + "' --roles --auditor-role " + auditor +
                                " --ingest-role " + ingest_role);
    INFO(init.out);
    REQUIRE(init.rc == 0);
    CHECK_THAT(init.out, Catch::Contains("(created)") && Catch::Contains("created role " + auditor));
    const CliRun ing = run_cli("audit ingest --db '" + pg.url + "' " + fixture("lifecycle.jsonl"));
    CHECK(ing.rc == 1);  // its truncated line 14 is skipped and counted
    {
        Db admin(pg.url, Db::Mode::read_write_create);
        admin.exec("CREATE ROLE " + alice + " LOGIN");
        admin.exec("GRANT " + auditor + " TO " + alice);
    }
    const std::string as_alice = pg_url_as(pg.url, alice);

    // Every reading verb works for the auditor.
    const std::string period = " --from 2026-10-05T09:00:00Z --to 2026-10-05T11:00:00Z";
    for (const std::string& args :
         {"audit verify --db " + q(as_alice), "audit check --db " + q(as_alice) + " --fail-on never",
          "audit timeline ClusterQueue/team-a --db " + q(as_alice), "report --db " + q(as_alice) + period + " -o json",
          "chargeback --db " + q(as_alice) + period}) {
        const CliRun r = run_cli(args);
        INFO(args << "\n" << r.out);
        CHECK(r.rc == 0);
    }
    // ...and no write: not through the CLI, not in SQL.
    const CliRun ingest = run_cli("audit ingest --db " + q(as_alice) + " " + fixture("events.json"));
    CHECK(ingest.rc == 2);
    CHECK_THAT(ingest.out, Catch::Contains("permission denied"));
    for (const std::string sql : {"UPDATE batch_closes SET rows = 0", "DELETE FROM source_rows", "DELETE FROM workload_events",
                                  "UPDATE workload_assignments SET milli = 1",
                                  "INSERT INTO head_signatures(sequence, hash, time, schema_sha256, algorithm, "
                                  "public_key, signature, signed_at) VALUES (1, 'h', 't', 's', 'a', 'k', 'x', 't')",
                                  "TRUNCATE object_versions", "DROP VIEW kueuegov_waits"}) {
        INFO(sql);
        CHECK_THAT(refusal(as_alice, sql), Catch::Contains("permission denied") || Catch::Contains("must be owner"));
    }

    // A privilege someone added is taken away when init-db --roles runs again.
    {
        Db admin(pg.url, Db::Mode::read_write_create);
        admin.exec("GRANT UPDATE, DELETE ON batch_closes TO " + auditor);
    }
    CHECK(refusal(as_alice, "DELETE FROM batch_closes WHERE id < 0").empty());
    const CliRun again = run_cli("audit init-db --db '" + pg.url + "' --roles --auditor-role " + auditor +
                                 " --ingest-role " + ingest_role);
    CHECK(again.rc == 0);
    CHECK_THAT(again.out, Catch::Contains("(already current)") && Catch::Contains("role " + auditor + " exists"));
    CHECK_THAT(refusal(as_alice, "DELETE FROM batch_closes WHERE id < 0"), Catch::Contains("permission denied"));
    CHECK(run_cli("audit verify --db " + q(as_alice)).rc == 0);
}

TEST_CASE("a writer role without CREATE on the schema ingests into a current store", "[.postgres]") {
    // migrate() runs no DDL on a current store: PostgreSQL refuses even CREATE TABLE IF NOT EXISTS
    // of an existing table to a role without CREATE on the schema.
    DropRoles roles;
    PgTestDb pg("kg_initdb_writer");
    const std::string writer = roles.name("kg_writer");
    REQUIRE(run_cli("audit init-db --db '" + pg.url + "'").rc == 0);
    {
        Db admin(pg.url, Db::Mode::read_write_create);
        admin.exec("CREATE ROLE " + writer + " LOGIN");
        admin.exec("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
        admin.exec("GRANT USAGE ON SCHEMA public TO " + writer);
        admin.exec("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO " + writer);
        admin.exec("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO " + writer);
        // A new (cluster, month) partition comes from the owner's function (migration 8).
        admin.exec("GRANT EXECUTE ON FUNCTION kueuegov_add_partitions(text, bigint) TO " + writer);
    }
    const std::string as_writer = pg_url_as(pg.url, writer);
    CHECK_THAT(refusal(as_writer, "CREATE TABLE kg_probe(i INTEGER)"), Catch::Contains("permission denied"));

    const CliRun first = run_cli("audit ingest --db " + q(as_writer) + " " + fixture("lifecycle.jsonl"));
    INFO(first.out);
    CHECK(first.rc == 1);  // its truncated line 14 is skipped and counted
    CHECK_THAT(first.out, Catch::Contains("ingested as source 1"));
    const CliRun again = run_cli("audit ingest --db " + q(as_writer) + " " + fixture("lifecycle.jsonl"));
    INFO(again.out);
    CHECK(again.rc == 0);
    CHECK_THAT(again.out, Catch::Contains("already"));
    CHECK(run_cli("audit verify --db " + q(as_writer)).rc == 0);
}

namespace {

/// One number per line: complete sources, input counts summed over batches, and every stored row;
/// equal for two stores that hold the same evidence.
std::string totals(const std::string& url) {
    Db db(url, Db::Mode::read_only);
    std::string out;
    for (const std::string sql :
         {"SELECT COUNT(*) FROM sources WHERE status = 'complete'", "SELECT COALESCE(SUM(events), 0) FROM batches",
          "SELECT COALESCE(SUM(kept), 0) FROM batches", "SELECT COALESCE(SUM(bad), 0) FROM batches",
          "SELECT (SELECT COUNT(*) FROM object_versions) + (SELECT COUNT(*) FROM jobs) + (SELECT COUNT(*) FROM "
          "workload_events) + (SELECT COUNT(*) FROM workload_assignments) + (SELECT COUNT(*) FROM k8s_events) + "
          "(SELECT COUNT(*) FROM job_label_changes) + (SELECT COUNT(*) FROM namespaces)"}) {
        kg::audit::store::Stmt s(db, sql);
        s.step();
        out += std::to_string(s.int64(0)) + "\n";
    }
    return out;
}

/// `kueuegov audit ingest` started in the background; its pid.
pid_t start_ingest(const std::string& url, const std::string& log) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        ::execl(KG_BINARY, KG_BINARY, "audit", "ingest", "--db", url.c_str(), "--batch-rows", "20", log.c_str(),
                static_cast<char*>(nullptr));
        ::_exit(127);
    }
    return pid;
}

}  // namespace

TEST_CASE("the ingest role ingests, resumes after kill -9 and can change no stored row", "[.postgres]") {
    DropRoles roles;
    PgTestDb pg("kg_initdb_ingest");
    PgTestDb ref("kg_initdb_ingest_ref");
    const std::string auditor = roles.name("kg_aud_i");
    const std::string ingest_role = roles.name("kg_ing");
    const std::string bob = roles.name("kg_bob");
    const CliRun init = run_cli("audit init-db --db '" + pg.url + "' --roles --auditor-role " + auditor +
                                " --ingest-role " + ingest_role);
    INFO(init.out);
    REQUIRE(init.rc == 0);
    CHECK_THAT(init.out, Catch::Contains("created role " + ingest_role) &&
                             Catch::Contains("(no UPDATE, DELETE or TRUNCATE; schema_migrations read-only)"));
    {
        Db admin(pg.url, Db::Mode::read_write_create);
        admin.exec("CREATE ROLE " + bob + " LOGIN");
        admin.exec("GRANT " + ingest_role + " TO " + bob);
        // Only what --roles granted: nobody else's privileges help (PUBLIC may not create).
        admin.exec("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    }
    const std::string as_bob = pg_url_as(pg.url, bob);

    // Ingest, and the same file again: nothing added the second time.
    const CliRun first = run_cli("audit ingest --db " + q(as_bob) + " " + fixture("lifecycle.jsonl"));
    INFO(first.out);
    CHECK(first.rc == 1);  // its truncated line 14 is skipped and counted
    CHECK_THAT(first.out, Catch::Contains("ingested as source 1"));
    const std::string after_first = totals(pg.url);
    const CliRun again = run_cli("audit ingest --db " + q(as_bob) + " " + fixture("lifecycle.jsonl"));
    INFO(again.out);
    CHECK(again.rc == 0);
    CHECK_THAT(again.out, Catch::Contains("already ingested"));
    CHECK(totals(pg.url) == after_first);

    // A second file, of 200 copies of the fixture with distinct audit IDs, killed mid-ingest
    // until a kill leaves it partial, then completed: the store holds what one uninterrupted
    // ingest (by the owner, into `ref`) holds, and verifies.
    TempPath big("ingest-role-big", ".jsonl");
    {
        std::ifstream in(fixture("lifecycle.jsonl"));
        std::vector<std::string> lines;
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        std::ofstream out(big.str());
        for (int n = 1; n <= 200; ++n)
            for (std::string l : lines) {
                const auto at = l.find("\"auditID\":\"");
                if (at != std::string::npos) l.insert(l.find('"', at + 11), "-" + std::to_string(n));
                out << l << "\n";
            }
    }
    const std::string log = big.str();
    REQUIRE(run_cli("audit ingest --db " + q(ref.url) + " " + fixture("lifecycle.jsonl")).rc == 1);
    REQUIRE(run_cli("audit ingest --db " + q(ref.url) + " --batch-rows 20 " + log).rc == 1);
    bool left_partial = false;
    for (int trial = 0; trial < 20 && !left_partial; ++trial) {
        const pid_t pid = start_ingest(as_bob, log);
        std::this_thread::sleep_for(std::chrono::milliseconds(30 + 40 * trial));
        ::kill(pid, SIGKILL);
        int status = 0;
        ::waitpid(pid, &status, 0);
        Db admin(pg.url, Db::Mode::read_only);
        kg::audit::store::Stmt p(admin, "SELECT COUNT(*) FROM sources WHERE status = 'partial' AND resume_line > 0");
        p.step();
        left_partial = WIFSIGNALED(status) && p.int64(0) == 1;
        CHECK(run_cli("audit verify --db " + q(as_bob)).rc == 0);
    }
    CHECK(left_partial);
    const CliRun resumed = run_cli("audit ingest --db " + q(as_bob) + " --batch-rows 20 " + log);
    INFO(resumed.out);
    CHECK(resumed.rc == 1);
    CHECK_THAT(resumed.out, Catch::Contains("resumed and completed"));
    CHECK(totals(pg.url) == totals(ref.url));
    const CliRun verified = run_cli("audit verify --db " + q(as_bob));
    INFO(verified.out);
    CHECK(verified.rc == 0);

    // No stored row can be changed or removed, in any table the ingest writes.
    for (const std::string sql :
         {"UPDATE batch_closes SET hash = 'x'", "UPDATE batch_rows SET seq = 0", "UPDATE source_rows SET path = 'x'",
          "UPDATE source_progress SET resume_line = 0", "UPDATE source_seals SET sha256 = 'x'",
          "UPDATE workload_events SET actor = 'mallory'", "DELETE FROM batch_closes", "DELETE FROM batch_rows",
          "DELETE FROM source_rows", "DELETE FROM source_progress", "DELETE FROM source_seals",
          "DELETE FROM object_versions", "TRUNCATE workload_events",
          "INSERT INTO schema_migrations VALUES (99, 'x', 't')", "SELECT setval('batch_closes_id_seq', 1)",
          "SELECT setval('workload_events_id_seq', 1)", "ALTER SEQUENCE object_versions_id_seq RESTART",
          "CREATE TABLE kg_probe(i INTEGER)", "DROP VIEW batches"}) {
        INFO(sql);
        CHECK_THAT(refusal(as_bob, sql), Catch::Contains("permission denied") || Catch::Contains("must be owner"));
    }
    // The auditor made beside it still only reads.
    const std::string carol = roles.name("kg_carol");
    {
        Db admin(pg.url, Db::Mode::read_write_create);
        admin.exec("CREATE ROLE " + carol + " LOGIN");
        admin.exec("GRANT " + auditor + " TO " + carol);
    }
    const std::string as_carol = pg_url_as(pg.url, carol);
    CHECK(run_cli("audit verify --db " + q(as_carol)).rc == 0);
    for (const std::string sql : {"INSERT INTO source_progress(source_id, resume_offset, resume_line) VALUES (1, 0, 0)",
                                  "UPDATE source_seals SET sha256 = 'x'", "DELETE FROM batch_closes"}) {
        INFO(sql);
        CHECK_THAT(refusal(as_carol, sql), Catch::Contains("permission denied"));
    }
}

TEST_CASE("the ingest role adds a new month's partitions through the owner's function, and still cannot "
          "create, alter or drop",
          "[.postgres]") {
    DropRoles roles;
    PgTestDb pg("kg_initdb_partitions");
    const std::string auditor = roles.name("kg_aud_p");
    const std::string ingest_role = roles.name("kg_ing_p");
    const std::string dave = roles.name("kg_dave");
    const std::string erin = roles.name("kg_erin");
    const CliRun init = run_cli("audit init-db --db '" + pg.url + "' --roles --auditor-role " + auditor +
                                " --ingest-role " + ingest_role);
    INFO(init.out);
    REQUIRE(init.rc == 0);
    CHECK_THAT(init.out, Catch::Contains("EXECUTE on kueuegov_add_partitions (new partitions; no CREATE)"));
    {
        Db admin(pg.url, Db::Mode::read_write_create);
        admin.exec("CREATE ROLE " + dave + " LOGIN");
        admin.exec("GRANT " + ingest_role + " TO " + dave);
        admin.exec("CREATE ROLE " + erin + " LOGIN");
        admin.exec("GRANT " + auditor + " TO " + erin);
        admin.exec("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    }
    const std::string as_dave = pg_url_as(pg.url, dave), as_erin = pg_url_as(pg.url, erin);
    auto partitions = [&](const std::string& month) {
        Db db(pg.url, Db::Mode::read_only);
        kg::audit::store::Stmt s(db, "SELECT COUNT(*), COUNT(*) FILTER (WHERE pg_get_userbyid(relowner) = current_user) "
                                     "FROM pg_class WHERE relispartition AND relkind = 'r' AND relname LIKE '%_c_default_" +
                                         month + "'");
        s.step();
        return std::make_pair(s.int64(0), s.int64(1));
    };
    CHECK(partitions("202610").first == 0);
    const CliRun october = run_cli("audit ingest --db " + q(as_dave) + " " + fixture("lifecycle.jsonl"));
    INFO(october.out);
    CHECK(october.rc == 1);  // its truncated line 14 is skipped and counted
    // The four partitions of (default, 2026-10), owned by the store's owner, not by the role.
    CHECK(partitions("202610") == std::make_pair(std::int64_t{4}, std::int64_t{4}));
    const TempPath november_log("partitions-role-2026-11", ".jsonl");
    const CliRun november = run_cli("audit ingest --db " + q(as_dave) + " " + lifecycle_in_month(november_log, "2026-11"));
    INFO(november.out);
    CHECK(november.rc == 1);
    CHECK(partitions("202611") == std::make_pair(std::int64_t{4}, std::int64_t{4}));
    CHECK(run_cli("audit verify --db " + q(as_dave)).rc == 0);

    // The role itself still has no DDL: not on the partitioned tables, their partitions or the function.
    for (const std::string sql :
         {"CREATE TABLE workload_events_mine PARTITION OF workload_events FOR VALUES FROM ('zz', 0) TO ('zz', 1)",
          "ALTER TABLE workload_events DETACH PARTITION workload_events_c_default_202611",
          "ALTER TABLE workload_events_c_default_202611 ADD COLUMN x INTEGER",
          "DROP TABLE workload_events_c_default_202610", "TRUNCATE workload_events_c_default_202610",
          "DELETE FROM workload_events_c_default_202610", "UPDATE object_versions_c_default_202610 SET actor = 'x'",
          "ALTER FUNCTION kueuegov_add_partitions(text, bigint) SECURITY INVOKER",
          "CREATE OR REPLACE FUNCTION kueuegov_add_partitions(p_cluster text, p_ts_us bigint) RETURNS void "
          "LANGUAGE sql AS 'SELECT NULL'",
          "DROP FUNCTION kueuegov_add_partitions(text, bigint)"}) {
        INFO(sql);
        CHECK_THAT(refusal(as_dave, sql), Catch::Contains("permission denied") || Catch::Contains("must be owner"));
    }
    // The auditor may not even call the function.
    CHECK_THAT(refusal(as_erin, "SELECT kueuegov_add_partitions('c9', 0)"),
               Catch::Contains("permission denied for function kueuegov_add_partitions"));
    CHECK(partitions("197001").first == 0);
}

TEST_CASE("migrating a PostgreSQL store to partitions (schema 8) keeps every privilege on the tables and views "
          "it re-creates, and the ingest role keeps ingesting",
          "[.postgres]") {
    DropRoles roles;
    PgTestDb pg("kg_initdb_migrate_grants");
    const std::string auditor = roles.name("kg_aud_m");
    const std::string ingest_role = roles.name("kg_ing_m");
    const std::string grafana = roles.name("kg_graf_m");
    const std::string frank = roles.name("kg_frank");
    {
        Db raw(pg.url, Db::Mode::read_write_create);
        kg::audit::store::migrate_to(raw, 6);
        // The roles as a kueuegov of schema 6 set them up (its init-db --roles: no partition
        // function yet), then what a DBA changed by hand: a dashboard role reading one view, and
        // SELECT on k8s_events taken from the auditor (which the schema's default privileges
        // would give back to a re-created table).
        kg::audit::store::ensure_auditor_role(raw, auditor);
        raw.exec("CREATE ROLE " + ingest_role + " NOLOGIN");
        raw.exec("GRANT USAGE ON SCHEMA public TO " + ingest_role);
        raw.exec("GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO " + ingest_role);
        raw.exec("REVOKE INSERT ON schema_migrations FROM " + ingest_role);
        raw.exec("GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO " + ingest_role);
        raw.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT ON TABLES TO " + ingest_role);
        raw.exec("ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE ON SEQUENCES TO " + ingest_role);
        raw.exec("CREATE ROLE " + grafana + " NOLOGIN");
        raw.exec("GRANT USAGE ON SCHEMA public TO " + grafana);
        raw.exec("GRANT SELECT ON kueuegov_chargeback_intervals TO " + grafana);
        raw.exec("REVOKE SELECT ON k8s_events FROM " + auditor);
        raw.exec("CREATE ROLE " + frank + " LOGIN");
        raw.exec("GRANT " + ingest_role + " TO " + frank);
    }
    // Each role's privileges on every table and view of the schema, one line per relation.
    auto privileges = [&] {
        Db db(pg.url, Db::Mode::read_only);
        kg::audit::store::Stmt s(
            db, "SELECT c.relname || ' ' || r.rolname || ':' || "
                "COALESCE(string_agg(p.priv, ',' ORDER BY p.priv) FILTER (WHERE has_table_privilege(r.oid, c.oid, p.priv)), '-') "
                "FROM pg_class c CROSS JOIN pg_roles r CROSS JOIN "
                "unnest(ARRAY['SELECT','INSERT','UPDATE','DELETE','TRUNCATE']) p(priv) "
                "WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v') AND NOT c.relispartition "
                "AND r.rolname IN ('" + auditor + "', '" + ingest_role + "', '" + grafana + "') "
                "GROUP BY c.relname, r.rolname ORDER BY c.relname, r.rolname");
        std::string out;
        while (s.step()) out += s.text(0) + "\n";
        return out;
    };
    const std::string before = privileges();
    REQUIRE_THAT(before, Catch::Contains("kueuegov_chargeback_intervals " + grafana + ":SELECT\n"));
    REQUIRE_THAT(before, Catch::Contains("k8s_events " + auditor + ":-\n"));
    {
        Db raw(pg.url, Db::Mode::read_write_create);
        kg::audit::store::migrate(raw);
        REQUIRE(kg::audit::store::schema_version(raw) == kg::audit::store::known_schema_version());
    }
    CHECK(privileges() == before);
    // An ingest role of the old schema had INSERT on the tables now partitioned; a new month
    // needs its partitions from the owner's function, so the migration lets it call that.
    const std::string as_frank = pg_url_as(pg.url, frank);
    const TempPath november_log("migrate-grants-2026-11", ".jsonl");
    const CliRun november = run_cli("audit ingest --db " + q(as_frank) + " " + lifecycle_in_month(november_log, "2026-11"));
    INFO(november.out);
    CHECK(november.rc == 1);  // its truncated line 14 is skipped and counted
    CHECK(run_cli("audit verify --db " + q(as_frank)).rc == 0);
    // ...and nobody else: not the auditor, not the dashboard role.
    Db db(pg.url, Db::Mode::read_only);
    for (const auto& [role, allowed] : {std::pair{auditor, 0}, std::pair{grafana, 0}, std::pair{ingest_role, 1}}) {
        kg::audit::store::Stmt s(db, "SELECT has_function_privilege(?1, 'kueuegov_add_partitions(text, bigint)', "
                                     "'EXECUTE')::int");
        s.bind(1, role);
        REQUIRE(s.step());
        INFO(role);
        CHECK(s.int64(0) == allowed);
    }
}

// Every tamper case of issue 13 against the chain: a planted trigger, an extra table, view or
// index, an edited migration row, an edited row or source field, a chain-version downgrade, the
// re-chain attack (rows edited and every hash recomputed), tail truncation and an emptied
// store. The chain alone catches what changes a hash or the schema; the re-chain attack,
// truncation and emptying are caught against a head recorded before (--expect-head) or signed.
#include "audit_test_util.h"

#include "audit/head.h"
#include "audit/signature.h"
#include "audit/store/chain.h"
#include "audit/store/sqlite.h"

#include <catch2/catch.hpp>

using namespace kg::audit;
using namespace kg::audit::test;
using kg::audit::store::Db;
using kg::audit::store::Stmt;

namespace {

std::string key(const std::string& name) { return fixture("keys/" + name); }

/// A store with three sources (several batches), its verified head and a signed head.
struct Fixture {
    TempPath db{"tamper"};
    ChainHead head;
    SignedHead signed_head;
    Fixture() {
        EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
        ingest::IngestOptions opt;
        opt.batch_rows = 4;
        for (const char* f : {"lifecycle.jsonl", "export.yaml", "check-history.jsonl"}) ingest_file(st, fixture(f), opt);
        const ChainVerification v = st.verify();
        REQUIRE(v.intact);
        REQUIRE(v.chain.size() >= 4);
        head = head_of(v);
        auto sig = sign_ed25519(key("test-signing-key.pem"), head_message(head));
        REQUIRE(sig);
        signed_head = {head, "ed25519", sig->public_key_pem, sig->signature_b64};
        st.add_signature(signed_head);
    }
    void tamper(const std::string& sql) const {
        Db raw(db.str(), Db::Mode::read_write_create);
        raw.exec(sql);
    }
    ChainVerification verify() const {
        EvidenceStore st(db.str(), EvidenceStore::Access::read_only);
        return st.verify();
    }
    /// The attacker's move: recompute every batch hash (and row count) over the edited rows.
    void rechain() const {
        Db raw(db.str(), Db::Mode::read_write_create);
        std::vector<std::int64_t> ids;
        for (Stmt s(raw, "SELECT id FROM batches ORDER BY id"); s.step();) ids.push_back(s.int64(0));
        std::string prev;
        std::int64_t position = 0;  // one cluster: its chain is every batch
        for (std::int64_t id : ids) {
            const store::BatchDigest d = store::batch_digest(raw, id, prev, ++position);
            Stmt u(raw, "UPDATE batch_closes SET prev_hash = ?, hash = ?, rows = ? WHERE batch_id = ?");
            u.bind(1, prev).bind(2, d.hash).bind(3, d.rows).bind(4, id).exec();
            prev = d.hash;
        }
    }
    /// What --expect-head and --pubkey conclude about the tampered store.
    std::vector<std::string> head_problems(const ChainVerification& v) const {
        std::vector<std::string> out = check_expected_head(v, head).problems;
        auto ok = verify_ed25519(key("test-signing-key.pub.pem"), head_message(signed_head.head), signed_head.signature);
        REQUIRE(ok);
        REQUIRE(*ok);
        for (const std::string& p : check_expected_head(v, signed_head.head).problems) out.push_back("signed: " + p);
        return out;
    }
};

bool any_contains(const std::vector<std::string>& v, const std::string& needle) {
    for (const std::string& s : v)
        if (s.find(needle) != std::string::npos) return true;
    return false;
}

}  // namespace

TEST_CASE("an untouched store verifies, and its recorded and signed heads match") {
    Fixture f;
    const ChainVerification v = f.verify();
    CHECK(v.intact);
    CHECK(f.head_problems(v).empty());
}

TEST_CASE("schema tampering is caught by the chain alone") {
    Fixture f;
    struct Case {
        const char* sql;
        const char* named;
    };
    const Case cases[] = {
        {"CREATE TRIGGER rewrite_actor AFTER INSERT ON object_versions BEGIN "
         "UPDATE object_versions SET actor = 'mallory' WHERE id = new.id; END",
         "trigger rewrite_actor (on object_versions) is not part of the kueuegov schema"},
        {"CREATE TABLE shadow(x)", "table shadow (on shadow) is not part of the kueuegov schema"},
        {"CREATE VIEW v_actors AS SELECT actor FROM object_versions", "view v_actors (on v_actors) is not part"},
        {"CREATE INDEX extra_idx ON jobs(creator)", "index extra_idx (on jobs) is not part"},
        {"DROP INDEX jobs_object", "index jobs_object of the kueuegov schema is missing"},
        {"UPDATE schema_migrations SET name = 'other' WHERE version = 1",
         "schema_migrations rows differ from the migrations this kueuegov applies"},
    };
    for (const Case& c : cases) {
        INFO(c.sql);
        Fixture g;
        g.tamper(c.sql);
        const ChainVerification v = g.verify();
        CHECK_FALSE(v.intact);
        CHECK(any_contains(v.problems, std::string("schema: ") + c.named));
        if (std::string(c.sql).find("schema_migrations") == std::string::npos) {
            CHECK(v.schema_sha256 != f.head.schema_sha256);
        }
    }
}

TEST_CASE("a planted trigger that rewrites later actors is caught even after the rows it touched") {
    Fixture f;
    f.tamper("CREATE TRIGGER t AFTER INSERT ON object_versions BEGIN UPDATE object_versions SET actor = 'x' "
             "WHERE id = new.id; END");
    {
        EvidenceStore st(f.db.str(), EvidenceStore::Access::read_write);
        ingest_file(st, fixture("eventlist.json"));
    }
    const ChainVerification v = f.verify();
    CHECK_FALSE(v.intact);
    CHECK(any_contains(v.problems, "schema: trigger t (on object_versions)"));
}

TEST_CASE("edited rows, source fields and a chain-version downgrade change a hash") {
    Fixture f;
    SECTION("row edit") { f.tamper("UPDATE object_versions SET actor = 'mallory' WHERE id = 1"); }
    SECTION("sealed source field outside the v1 hash (mtime)") { f.tamper("UPDATE source_rows SET mtime = 'x' WHERE id = 1"); }
    SECTION("sealed source resume position") { f.tamper("UPDATE source_progress SET resume_line = 1 WHERE source_id = 1"); }
    SECTION("sealed source given a later resume position by an INSERT (all an ingest role may do)") {
        f.tamper("INSERT INTO source_progress(source_id, resume_offset, resume_line) VALUES (1, 1, 1)");
    }
    SECTION("batch chain version downgraded") { f.tamper("UPDATE batch_closes SET chain_version = NULL WHERE batch_id = 2"); }
    // Chain v4 hashes no id and no batch_id; a row's batch and its place among the batch's rows
    // still count. Two rows of two batches trade batches (each batch keeps its row count):
    SECTION("rows moved to another batch") {
        f.tamper("CREATE TEMP TABLE pair AS SELECT x.id AS a, x.batch_id AS ba, y.id AS b, y.batch_id AS bb "
                 "FROM object_versions x, object_versions y WHERE x.id = (SELECT MIN(id) FROM object_versions) "
                 "AND y.id = (SELECT MIN(id) FROM object_versions WHERE batch_id > x.batch_id);"
                 "UPDATE object_versions SET batch_id = (SELECT bb FROM pair) WHERE id = (SELECT a FROM pair);"
                 "UPDATE object_versions SET batch_id = (SELECT ba FROM pair) WHERE id = (SELECT b FROM pair);");
    }
    // Two rows of one batch trade ids (so places in the batch's row order; contents unchanged):
    SECTION("rows of a batch swapped") {
        f.tamper("CREATE TEMP TABLE pair AS SELECT MIN(id) AS a, MAX(id) AS b FROM object_versions WHERE batch_id = "
                 "(SELECT batch_id FROM object_versions GROUP BY batch_id HAVING COUNT(*) >= 2 ORDER BY batch_id LIMIT 1);"
                 "UPDATE object_versions SET id = -id WHERE id IN (SELECT a FROM pair UNION SELECT b FROM pair);"
                 "UPDATE object_versions SET id = (SELECT b FROM pair) WHERE id = -(SELECT a FROM pair);"
                 "UPDATE object_versions SET id = (SELECT a FROM pair) WHERE id = -(SELECT b FROM pair);");
    }
    SECTION("a batch's source record edited (hashed in every v4 batch, not only the sealing one)") {
        f.tamper("UPDATE source_rows SET path = 'elsewhere.jsonl' WHERE id = 1");
    }
    const ChainVerification v = f.verify();
    CHECK_FALSE(v.intact);
    CHECK(any_contains(v.problems, "stored hash"));
}

TEST_CASE("the re-chain attack passes the chain alone but not a recorded or signed head") {
    Fixture f;
    f.tamper("UPDATE object_versions SET actor = 'mallory' WHERE id = 1");
    f.rechain();
    const ChainVerification v = f.verify();
    CHECK(v.intact);  // the limit man kueuegov-audit states: the chain agrees with itself
    const auto problems = f.head_problems(v);
    CHECK(any_contains(problems, "the chain was rewritten (recomputed) since that head was recorded"));
    CHECK(any_contains(problems, "signed: batch "));
    // A forged signed head (the attacker's new head, the old signature) does not verify.
    SignedHead forged = f.signed_head;
    forged.head = head_of(v);
    auto ok = verify_ed25519(key("test-signing-key.pub.pem"), head_message(forged.head), forged.signature);
    REQUIRE(ok);
    CHECK_FALSE(*ok);
}

TEST_CASE("tail truncation and an emptied store are caught against the recorded head") {
    Fixture f;
    SECTION("last batch deleted with its rows") {
        std::string sql;
        for (const char* t : store::k_evidence_tables)
            sql += std::string("DELETE FROM ") + t + " WHERE batch_id = (SELECT MAX(id) FROM batches);";
        sql += "DELETE FROM batch_closes WHERE batch_id = (SELECT MAX(id) FROM batch_rows);";
        sql += "DELETE FROM batch_rows WHERE id = (SELECT MAX(id) FROM batch_rows);";
        sql += "DELETE FROM source_seals WHERE source_id = (SELECT MAX(id) FROM source_rows);";
        f.tamper(sql);
    }
    SECTION("store emptied") {
        std::string sql;
        for (const char* t : store::k_evidence_tables) sql += std::string("DELETE FROM ") + t + ";";
        sql += "DELETE FROM batch_closes; DELETE FROM batch_rows; DELETE FROM source_progress; DELETE FROM source_seals; "
               "DELETE FROM source_rows;";
        f.tamper(sql);
    }
    const ChainVerification v = f.verify();
    CHECK(v.intact);  // what is left agrees with itself
    const auto problems = f.head_problems(v);
    CHECK(any_contains(problems, "batches were removed since (tail truncation, or the store was emptied)"));
    CHECK(any_contains(problems, "signed: the chain holds"));
}

TEST_CASE("batches appended after the recorded head are allowed and counted") {
    Fixture f;
    {
        EvidenceStore st(f.db.str(), EvidenceStore::Access::read_write);
        ingest_file(st, fixture("eventlist.json"));
    }
    const ChainVerification v = f.verify();
    CHECK(v.intact);
    const HeadCheck hc = check_expected_head(v, f.head);
    CHECK(hc.problems.empty());
    CHECK(hc.appended >= 1);
}

TEST_CASE("signatures: a wrong key or a key of another type is not accepted") {
    Fixture f;
    auto other = verify_ed25519(key("other-key.pub.pem"), head_message(f.head), f.signed_head.signature);
    REQUIRE(other);
    CHECK_FALSE(*other);
    auto rsa = verify_ed25519(key("rsa.pub.pem"), head_message(f.head), f.signed_head.signature);
    REQUIRE_FALSE(rsa);
    CHECK_THAT(rsa.error().message, Catch::Contains("expected an Ed25519 key, found another key type"));
    auto missing = sign_ed25519(key("no-such-key.pem"), "x");
    REQUIRE_FALSE(missing);
    CHECK_THAT(missing.error().message, Catch::Contains("cannot read key"));
}

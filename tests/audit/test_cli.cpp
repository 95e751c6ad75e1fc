// The audit verb end to end through the binary: ingest into a file, verify it intact, edit a
// row behind the store's back, and verify again (exit 1 naming the batch).
#include "audit_test_util.h"

#include "audit/store/schema.h"
#include "audit/store/sqlite.h"

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace kg::audit::test;

namespace {

}  // namespace

TEST_CASE("audit ingest then verify: intact, then a tampered row is named") {
    TempPath db("cli");
    const CliRun ing = run_cli("audit ingest --db " + db.str() + " " + fixture("lifecycle.jsonl") + " " + fixture("export.yaml"));
    CHECK(ing.rc == 1);  // the truncated line 14 was skipped
    CHECK_THAT(ing.out, Catch::Contains("rows added 23"));

    const CliRun ok = run_cli("audit verify --db " + db.str() + " --check-files");
    CHECK(ok.rc == 0);
    CHECK_THAT(ok.out, Catch::Contains("2 sources, 2 batches") && Catch::EndsWith("intact\n"));

    {
        kg::audit::store::Db raw(db.str(), kg::audit::store::Db::Mode::read_write_create);
        raw.exec("UPDATE workload_assignments SET milli = 1000 WHERE resource = 'nvidia.com/gpu' AND milli = 8000");
    }
    const CliRun bad = run_cli("audit verify --db " + db.str());
    CHECK(bad.rc == 1);
    CHECK_THAT(bad.out, Catch::Contains("MISMATCH batch 1 (source 1 "));

    const CliRun again = run_cli("audit ingest --db " + db.str() + " " + fixture("lifecycle.jsonl"));
    CHECK(again.rc == 0);
    CHECK_THAT(again.out, Catch::Contains("skipped, already ingested as source 1"));
}

TEST_CASE("a store from a newer kueuegov is refused with exit 2") {
    TempPath db("cli-newer");
    const std::string future = std::to_string(kg::audit::store::known_schema_version() + 1);
    REQUIRE(run_cli("audit ingest --db " + db.str() + " " + fixture("events.json")).rc == 0);
    {
        kg::audit::store::Db raw(db.str(), kg::audit::store::Db::Mode::read_write_create);
        raw.exec("INSERT INTO schema_migrations VALUES (" + future + ", 'future', '2030-01-01T00:00:00Z')");
    }
    const CliRun r = run_cli("audit verify --db " + db.str());
    CHECK(r.rc == 2);
    CHECK_THAT(r.out, Catch::Contains("has schema version " + future + ", newer than the " + std::to_string(kg::audit::store::known_schema_version()) + " this kueuegov knows"));
}

TEST_CASE("an unrelated SQLite file given as --db is refused with exit 2 and left unchanged") {
    TempPath db("cli-foreign");
    {
        kg::audit::store::Db raw(db.str(), kg::audit::store::Db::Mode::read_write_create);
        raw.exec("CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('mine')");
    }
    for (const std::string& verb : {"audit ingest --db " + db.str() + " " + fixture("events.json"),
                                   "audit verify --db " + db.str(), "audit check --db " + db.str()}) {
        const CliRun r = run_cli(verb);
        CHECK(r.rc == 2);
        CHECK_THAT(r.out, Catch::Contains(db.str() + " is not a kueuegov evidence store (it holds table notes"));
    }
    kg::audit::store::Db raw(db.str(), kg::audit::store::Db::Mode::read_only);
    kg::audit::store::Stmt s(raw, "SELECT group_concat(name) FROM sqlite_master");
    REQUIRE(s.step());
    CHECK(s.text(0) == "notes");
    kg::audit::store::Stmt mode(raw, "PRAGMA journal_mode");
    REQUIRE(mode.step());
    CHECK(mode.text(0) == "delete");  // not switched to WAL either
}

TEST_CASE("a SQLite file of another application (application_id) is refused before anything is written") {
    TempPath db("cli-appid");
    {
        kg::audit::store::Db raw(db.str(), kg::audit::store::Db::Mode::read_write_create);
        raw.exec("PRAGMA application_id = 42");
    }
    const CliRun r = run_cli("audit ingest --db " + db.str() + " " + fixture("events.json"));
    CHECK(r.rc == 2);
    CHECK_THAT(r.out, Catch::Contains("is not a kueuegov evidence store (SQLite application_id 42)"));
}

TEST_CASE("the ingest summary adds up: read = kept + context + skipped (by reason) + bad") {
    const CliRun r = run_cli("audit ingest --db :memory: " + fixture("lifecycle.jsonl") + " " + fixture("export.yaml") + " " +
                      fixture("logs/corrupt.jsonl"));
    CHECK(r.rc == 1);
    int summaries = 0;
    std::istringstream lines(r.out);
    std::string line;
    unsigned long long skipped_by_reason = 0, skipped = 0;
    bool open = false;
    auto close_source = [&] {
        if (open) CHECK(skipped_by_reason == skipped);
        skipped_by_reason = 0;
        open = false;
    };
    for (; std::getline(lines, line);) {
        unsigned long long read = 0, kept = 0, context = 0, bad = 0, n = 0, s = 0;
        if (std::sscanf(line.c_str(), "  events read %llu = kept %llu + context %llu + skipped %llu + bad %llu", &read,
                        &kept, &context, &s, &bad) == 5) {
            close_source();
            skipped = s;
            INFO(line);
            CHECK(read == kept + context + s + bad);
            ++summaries;
            open = true;
        } else if (std::sscanf(line.c_str(), "  skipped %llu:", &n) == 1) {
            skipped_by_reason += n;
        }
    }
    close_source();
    CHECK(summaries == 3);
}

TEST_CASE("audit head, sign and verify --expect-head/--pubkey/--check-files through the binary") {
    TempPath db("cli-head");
    TempPath head("cli-head", ".json");
    TempPath signed_head("cli-signed", ".json");
    REQUIRE(run_cli("audit ingest --db " + db.str() + " " + fixture("lifecycle.jsonl")).rc == 1);
    const CliRun h = run_cli("audit head --db " + db.str() + " --output-file " + head.str());
    REQUIRE(h.rc == 0);
    CHECK(h.out.empty());
    const CliRun printed = run_cli("audit head --db " + db.str());
    CHECK_THAT(printed.out, Catch::Contains("\"sequence\": 1,") && Catch::Contains("\"hash\": \"") &&
                                Catch::Contains("\"time\": \"") && Catch::Contains("\"schema_sha256\": \""));
    // The old spelling, -o FILE, still writes the file until 0.2, with a warning (issue 16).
    const CliRun s = run_cli("audit sign --db " + db.str() + " --key " + fixture("keys/test-signing-key.pem") + " -o " +
                      signed_head.str());
    REQUIRE(s.rc == 0);
    CHECK_THAT(s.out, Catch::Contains("kueuegov: warning: audit sign -o FILE is deprecated"));
    const std::string pub = fixture("keys/test-signing-key.pub.pem");
    CHECK(run_cli("audit verify --db " + db.str() + " --expect-head " + head.str()).rc == 0);
    CHECK(run_cli("audit verify --db " + db.str() + " --expect-head " + signed_head.str() + " --pubkey " + pub).rc == 0);
    const CliRun ok = run_cli("audit verify --db " + db.str() + " --pubkey " + pub + " --check-files");
    CHECK(ok.rc == 0);
    CHECK_THAT(ok.out, Catch::Contains("signed head in the store: signature valid") &&
                           Catch::Contains("source files: 1 re-read, 23 stored rows compared"));
    const CliRun wrong = run_cli("audit verify --db " + db.str() + " --pubkey " + fixture("keys/other-key.pub.pem"));
    CHECK(wrong.rc == 1);
    CHECK_THAT(wrong.out, Catch::Contains("the signature does not verify with"));
    CHECK(run_cli("audit verify --db " + db.str() + " --expect-head not-a-file-or-hash").rc == 2);
    CHECK(run_cli("audit sign --db " + db.str() + " --key " + fixture("keys/no-such.pem")).rc == 2);
    // An edited row is caught by the chain and by --check-files (the file says otherwise).
    {
        kg::audit::store::Db raw(db.str(), kg::audit::store::Db::Mode::read_write_create);
        raw.exec("UPDATE object_versions SET actor = 'mallory' WHERE id = 1");
    }
    const CliRun edited = run_cli("audit verify --db " + db.str() + " --check-files");
    CHECK(edited.rc == 1);
    CHECK_THAT(edited.out, Catch::Contains("differs from what the source file yields: edited after ingest"));
    CHECK(run_cli("audit head --db " + db.str()).rc == 1);  // no head for a chain that does not verify
}

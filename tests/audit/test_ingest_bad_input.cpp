// Nothing is dropped silently: every line that is not a well-formed audit event is reported by
// file:line and counted as bad, whatever the pre-filter concluded; wrong field types are bad
// events, not defaults; a cut first line, a zeroed file and a file changing under the reader are
// reported; and the summary adds up (read = kept + context + skipped + bad).
#include "audit_test_util.h"

#include "audit/store/queries.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>

using namespace kg::audit;
using namespace kg::audit::test;

namespace {

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_all(const std::string& path, const std::string& data) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << data;
}

void check_adds_up(const ingest::Counts& c) {
    std::uint64_t skipped = 0;
    for (const auto& [reason, n] : c.skipped) skipped += n;
    INFO("events " << c.events << " kept " << c.kept << " context " << c.context << " skipped " << skipped << " bad "
                   << c.bad);
    CHECK(c.events == c.kept + c.context + skipped + c.bad);
    CHECK(c.adds_up());
}

}  // namespace

TEST_CASE("every corrupt or mistyped line is reported by file:line and counted as bad") {
    TempPath db("corrupt");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const Ingested in = ingest_file(st, fixture("logs/corrupt.jsonl"));
    const auto& c = in.result.counts;
    CHECK(c.events == 15);
    CHECK(c.kept == 1);
    CHECK(c.bad == 13);
    CHECK(c.skipped.at("not a Kueue, job, Kueue event or namespace request (pre-filter)") == 1);
    check_adds_up(c);
    const std::string f = fixture("logs/corrupt.jsonl");
    for (const std::string expected : {
             ":2: expected \"objectRef\" to be an object, found an array",
             ":3: expected \"verb\" to be a string, found an array",
             ":4: expected \"user\" to be an object, found a string",
             ":5: expected \"stage\" to be a string, found a number",
             ":6: expected \"auditID\" to be a string, found a number",
             ":7: expected \"objectRef.name\" to be a string, found an array",
             ":8: expected \"responseStatus.code\" to be an integer, found a string",
             ":9: expected an audit event with \"verb\" (a string), found none",
             ":10: expected one JSON audit event per line, found a truncated or malformed object",
             ":11: expected one JSON audit event per line, found a truncated or malformed object",
             ":12: expected an audit event (auditID, stage, verb) or a Kubernetes object (apiVersion and kind)",
             ":13: expected a JSON audit event starting with '{', found \"17\"",
             ":14: expected a JSON audit event starting with '{', found \"level=info",
         })
        CHECK_THAT(in.diag, Catch::Contains(f + expected));
    CHECK(st.verify().intact);
}

TEST_CASE("events without an auditID are keyed by their content, not merged into one") {
    TempPath db("noaid");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const Ingested in = ingest_file(st, fixture("logs/noaid.jsonl"));
    CHECK(in.result.counts.kept == 3);
    CHECK(in.result.counts.rows_new == 3);
    CHECK(in.result.counts.rows_dup == 0);
    check_adds_up(in.result.counts);
    // The same events again (another file, same content) are recognised as stored.
    TempPath copy("noaid-copy", ".jsonl");
    write_all(copy.str(), read_all(fixture("logs/noaid.jsonl")) + "\n");
    const Ingested again = ingest_file(st, copy.str());
    CHECK(again.result.counts.rows_new == 0);
    CHECK(again.result.counts.rows_dup == 3);
}

TEST_CASE("a log whose first line is cut is read as JSON lines with the cut line reported") {
    TempPath db("cut");
    TempPath cut("cut", ".jsonl");
    write_all(cut.str(), read_all(fixture("lifecycle.jsonl")).substr(99));  // tail -c +100
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const Ingested in = ingest_file(st, cut.str());
    CHECK(in.result.format == "audit-jsonl");
    CHECK(in.result.counts.kept == 15);
    CHECK(in.result.counts.bad == 2);  // the cut line and the fixture's own truncated line 14
    CHECK_THAT(in.diag, Catch::Contains(cut.str() + ":1: the first line is cut (a rotated log or tail -c +N?)"));
    check_adds_up(in.result.counts);
}

TEST_CASE("a file of NUL bytes is reported as bad, not read as an empty document") {
    TempPath db("nul");
    TempPath nul("nul", ".log");
    write_all(nul.str(), std::string(4096, '\0'));
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const Ingested in = ingest_file(st, nul.str());
    CHECK(in.result.counts.bad == 1);
    CHECK(in.result.counts.events == 1);
    CHECK_THAT(in.diag, Catch::Contains(nul.str() + ":1:1: expected YAML or JSON text, found a NUL byte"));
    check_adds_up(in.result.counts);
}

TEST_CASE("a source that shrinks while it is read is kept but not sealed as complete") {
    TempPath db("shrink");
    TempPath log("shrink", ".jsonl");
    std::string text;
    for (int i = 0; i < 40; ++i) text += read_all(fixture("lifecycle.jsonl"));
    write_all(log.str(), text);
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    ingest::IngestOptions opt;
    opt.batch_bytes = 4096;
    bool cut = false;
    opt.on_commit = [&](const ingest::Progress&) {
        if (!cut) std::filesystem::resize_file(log.path, text.size() / 2);  // logrotate copytruncate
        cut = true;
    };
    const Ingested in = ingest_file(st, log.str(), opt);
    CHECK(in.result.status == ingest::SourceResult::Status::changed);
    CHECK(in.result.counts.source_errors == 1);
    CHECK_THAT(in.diag, Catch::Contains("changed while being read (its size was " + std::to_string(text.size()) +
                                        " bytes when opened, " + std::to_string(text.size() / 2) + " now"));
    const auto sources = query::sources(st);
    REQUIRE(sources.size() == 1);
    CHECK(sources[0].status == "partial");
    CHECK(st.verify().intact);
}

TEST_CASE("every fixture's summary adds up: read = kept + context + skipped + bad") {
    TempPath db("adds-up");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    for (const char* f : {"lifecycle.jsonl", "check-history.jsonl", "eventlist.json", "eventlist.yaml", "events.json",
                          "export.yaml", "logs/corrupt.jsonl", "logs/noaid.jsonl"}) {
        INFO(f);
        check_adds_up(ingest_file(st, fixture(f)).result.counts);
    }
}

// Crash safety: a child process ingests with one-row batches and kills itself with SIGKILL
// after a few commits; the store must be consistent and the next ingest must complete the
// same source to exactly the rows a clean ingest gives.
#include "audit_test_util.h"

#include "audit/store/queries.h"

#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>

using namespace kg::audit;
using namespace kg::audit::test;

TEST_CASE("an ingest killed mid-source is completed by the next one") {
    TempPath db("resume");
    const std::string src = fixture("lifecycle.jsonl");
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
        ingest::IngestOptions opt;
        opt.batch_rows = 1;
        int commits = 0;
        opt.on_commit = [&](const ingest::Progress&) {
            if (++commits == 4) ::raise(SIGKILL);
        };
        ingest_file(st, src, opt);
        ::_exit(0);  // not reached when the kill happened
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    REQUIRE(WIFSIGNALED(status));
    REQUIRE(WTERMSIG(status) == SIGKILL);

    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    auto sources = query::sources(st);
    REQUIRE(sources.size() == 1);
    CHECK(sources[0].status == "partial");
    CHECK(sources[0].rows > 0);
    CHECK(sources[0].rows < 23);
    CHECK(st.verify().intact);

    const Ingested again = ingest_file(st, src);
    CHECK(again.result.status == ingest::SourceResult::Status::resumed);
    sources = query::sources(st);
    REQUIRE(sources.size() == 1);
    CHECK(sources[0].status == "complete");
    CHECK(sources[0].rows == 23);
    CHECK(st.verify().intact);
    // The same numbers as an uninterrupted ingest.
    CHECK(query::quota_intervals(st, 0, INT64_MAX / 2).size() == 4);
}

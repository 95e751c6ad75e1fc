// Rows buffered until the commit (audit/store/row_buffer.h): ids as one INSERT at a time would
// give them, rows stored already left out and counted, and lookups that see the buffered rows.
#include "audit/store/batch_writer.h"
#include "audit/store/connection.h"

#include "audit_test_util.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace kg::audit;
using kg::audit::store::Stmt;
using kg::audit::test::ident;
using kg::audit::test::TempPath;

namespace {

WorkloadEventRow step(const std::string& key, const std::string& what, std::int64_t ts_us) {
    WorkloadEventRow r;
    r.line = 1;
    r.nkey = key;
    r.origin = "audit";
    r.namespace_ = "ml";
    r.name = "job-a";
    r.step = what;
    r.time = "2026-10-05T09:13:02Z";
    r.ts_us = ts_us;
    return r;
}

JobLabelChangeRow label(const std::string& key, const std::string& value, std::int64_t ts_us) {
    JobLabelChangeRow r;
    r.line = 1;
    r.nkey = key;
    r.kind = "Job";
    r.namespace_ = "ml";
    r.name = "train";
    r.label = "kueue.x-k8s.io/queue-name";
    r.new_value = value;
    r.verb = "patch";
    r.code = 200;
    r.time = "2026-10-05T09:13:02Z";
    r.ts_us = ts_us;
    return r;
}

/// job_label()'s answer for a known Job whose label is `value`.
std::optional<std::optional<std::string>> known(const char* value) {
    return std::optional<std::optional<std::string>>(std::in_place, value);
}

std::vector<std::int64_t> ids(EvidenceStore& st, const std::string& table) {
    std::vector<std::int64_t> out;
    Stmt s(st.db(), "SELECT id FROM " + table + " ORDER BY id");
    while (s.step()) out.push_back(s.int64(0));
    return out;
}

}  // namespace

TEST_CASE("buffered rows: stored keys are left out at the commit, counted, and ids stay consecutive") {
    TempPath t("buffer-dups");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    {
        BatchWriter w(st, st.open_source(ident("a.log")).id);
        CHECK(w.add(step("k1", "created", 10)));
        CHECK(w.add(step("k2", "admitted", 20)));
        CHECK_FALSE(w.add(step("k1", "created", 10)));  // the same key again in the same batch
        CHECK(w.pending_rows() == 2);
        w.commit(10, 3);
        CHECK(w.take_already_stored() == 0);
    }
    BatchWriter w(st, st.open_source(ident("b.log")).id);
    CHECK(w.add(step("k2", "admitted", 20)));  // stored by a.log: known only at the commit
    CHECK(w.add(step("k3", "finished", 30)));
    w.commit(10, 2);
    CHECK(w.take_already_stored() == 1);
    CHECK(w.take_already_stored() == 0);  // counted once
    CHECK(ids(st, "workload_events") == std::vector<std::int64_t>{1, 2, 3});
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.rows == 3);
}

TEST_CASE("buffered rows: a commit with every row stored already keeps no batch") {
    TempPath t("buffer-all-stored");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter a(st, st.open_source(ident("a.log")).id);
    a.add(step("k1", "created", 10));
    a.commit(10, 1);
    BatchWriter b(st, st.open_source(ident("b.log")).id);
    b.add(step("k1", "created", 10));
    b.commit(10, 1);
    CHECK(b.take_already_stored() == 1);
    CHECK(b.batches_committed() == 0);
    CHECK(st.verify().batches == 1);
}

TEST_CASE("buffered rows: more rows than one INSERT holds, in every statement size") {
    TempPath t("buffer-many");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter w(st, st.open_source(ident("a.log")).id);
    for (int i = 0; i < 64 + 32 + 7; ++i) CHECK(w.add(step("k" + std::to_string(i), "created", i)));
    w.commit(10, 1);
    const std::vector<std::int64_t> got = ids(st, "workload_events");
    REQUIRE(got.size() == 103);
    CHECK(got.front() == 1);
    CHECK(got.back() == 103);
    Stmt s(st.db(), "SELECT COUNT(*) FROM workload_events WHERE ts_us = id - 1 AND nkey = 'k' || (id - 1)");
    s.step();
    CHECK(s.int64(0) == 103);  // each row got the id of its place in the order added
    CHECK(st.verify().problems == std::vector<std::string>{});
}

TEST_CASE("buffered rows: lookups see rows of the open batch, newest first") {
    TempPath t("buffer-lookups");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter w(st, st.open_source(ident("a.log")).id);
    w.add(label("l1", "team-a", 100));
    w.commit(10, 1);
    CHECK(w.job_label("ml", "train", "kueue.x-k8s.io/queue-name") == known("team-a"));
    w.add(label("l2", "team-b", 200));  // buffered, newer than the stored one
    CHECK(w.job_label("ml", "train", "kueue.x-k8s.io/queue-name") == known("team-b"));
    w.add(label("l3", "team-c", 50));  // buffered but older: the stored-and-buffered newest wins
    CHECK(w.job_label("ml", "train", "kueue.x-k8s.io/queue-name") == known("team-b"));
    CHECK(w.last_activation_step("ml", "job-a").empty());
    w.add(step("d1", "deactivated", 300));
    CHECK(w.last_activation_step("ml", "job-a") == "deactivated");
    w.commit(10, 2);
    w.add(step("r1", "reactivated", 250));  // older than the stored deactivation
    CHECK(w.last_activation_step("ml", "job-a") == "deactivated");
    w.add(step("r2", "reactivated", 400));
    CHECK(w.last_activation_step("ml", "job-a") == "reactivated");
    w.commit(10, 3);
    CHECK(w.last_activation_step("ml", "job-a") == "reactivated");
}

TEST_CASE("buffered rows: keys of the last two commits are known stored, older ones are probed, counts alike") {
    // Kueue repeats a Workload's conditions in every status patch: a row repeating one of a
    // recent batch is left out without a probe; the counts and the chain must not tell.
    TempPath t("buffer-known");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter w(st, st.open_source(ident("a.log")).id);
    CHECK(w.add(step("k1", "created", 10)));
    w.commit(10, 1);
    CHECK(w.take_already_stored() == 0);
    CHECK(w.add(step("k1", "created", 10)));        // known from the last commit
    CHECK_FALSE(w.add(step("k1", "created", 10)));  // and still a duplicate within the batch
    CHECK(w.add(step("k2", "admitted", 20)));
    CHECK(w.pending_rows() == 2);  // counted towards the batch size as before
    w.commit(20, 2);
    CHECK(w.take_already_stored() == 1);
    CHECK(w.add(step("k3", "finished", 30)));
    w.commit(30, 3);
    CHECK(w.take_already_stored() == 0);
    CHECK(w.add(step("k4", "deleted", 40)));
    w.commit(40, 4);
    // k1 was last seen three commits ago: no longer remembered, the probe finds it stored.
    CHECK(w.add(step("k1", "created", 10)));
    CHECK(w.add(step("k3", "finished", 30)));  // two commits ago: still known
    w.commit(50, 5);
    CHECK(w.take_already_stored() == 2);
    CHECK(w.batches_committed() == 4);  // the fifth inserted nothing and read no input
    CHECK(ids(st, "workload_events") == std::vector<std::int64_t>{1, 2, 3, 4});
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.rows == 4);
}

TEST_CASE("buffered rows: a known-stored row still updates the open batch's lookups") {
    TempPath t("buffer-known-lookup");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter w(st, st.open_source(ident("a.log")).id);
    w.add(step("d1", "deactivated", 300));
    w.commit(10, 1);
    w.add(step("r1", "reactivated", 300));  // same time: the buffered row wins the tie
    CHECK(w.last_activation_step("ml", "job-a") == "reactivated");
    w.commit(20, 2);
    w.add(step("d1", "deactivated", 300));  // known stored, but as the newest row of the batch it wins
    CHECK(w.last_activation_step("ml", "job-a") == "deactivated");
    w.commit(30, 3);
    CHECK(w.take_already_stored() == 1);
}

TEST_CASE("buffered rows: a reused row slot starts empty, and the hash made while writing is the stored rows' hash") {
    TempPath t("buffer-reuse");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter w(st, st.open_source(ident("a.log")).id);
    // First batch: every slot carries a message and a priority; the next batches reuse the
    // slots with neither, then with more rows than before, and in two tables.
    for (int i = 0; i < 5; ++i) {
        WorkloadEventRow r = step("m" + std::to_string(i), "created", i);
        r.message = "message " + std::string(40, 'x');
        r.priority = 100 + i;
        CHECK(w.add(r));
    }
    w.commit(10, 5);
    for (int i = 0; i < 3; ++i) CHECK(w.add(step("n" + std::to_string(i), "admitted", 10 + i)));
    CHECK(w.add(label("l1", "team-b", 20)));
    w.commit(20, 9);
    for (int i = 0; i < 9; ++i) CHECK(w.add(step("o" + std::to_string(i), "finished", 30 + i)));
    w.commit(30, 18);
    Stmt s(st.db(), "SELECT COUNT(*) FROM workload_events WHERE (nkey LIKE 'm%') = (message IS NOT NULL AND priority IS NOT NULL)");
    s.step();
    CHECK(s.int64(0) == 17);
    // verify() hashes the stored rows; the writer hashed the values it bound.
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.intact);
    CHECK(v.batches == 3);
    CHECK(v.rows == 18);
}

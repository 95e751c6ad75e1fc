// What the SQLite writer checks itself since its INSERTs keep no statement journal
// (audit/store/row_buffer.cpp, issue 18): a row the schema refuses still fails its whole batch,
// and rows are written only under a batch of their own cluster (the foreign key SQLite no longer
// checks row by row).
#include "audit/store/batch_writer.h"
#include "audit/store/connection.h"
#include "audit/store/row_buffer.h"
#include "model/result.h"

#include "audit_test_util.h"

#include <catch2/catch.hpp>

#include <string>

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

std::int64_t count(EvidenceStore& st, const std::string& table) {
    Stmt s(st.db(), "SELECT COUNT(*) FROM " + table);
    s.step();
    return s.int64(0);
}

/// One workload_events row of `cluster`, every NOT NULL column set.
void fill(kg::audit::store::PendingRow& r, const std::string& nkey, const std::string& cluster) {
    r.bind(2, std::int64_t{1}).bind(3, nkey).bind(4, "audit").bind(5, "ml").bind(6, "job-a");
    r.bind(8, "created").bind(9, "2026-10-05T09:13:02Z").bind(10, std::int64_t{10}).bind(20, cluster);
}

}  // namespace

TEST_CASE("row checks: a row the schema refuses fails its batch, and none of the batch is kept") {
    TempPath t("rowcheck-refused");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    {
        BatchWriter w(st, st.open_source(ident("a.log")).id);
        CHECK(w.add(step("k1", "created", 10)));
        CHECK(w.add(step("k2", "no-such-step", 20)));  // outside workload_events' CHECK
        // Both rows go in one INSERT: the first is written before the second fails it.
        CHECK_THROWS_AS(w.commit(10, 2), kg::model::Fatal);
    }  // the writer rolls its transaction back
    CHECK(count(st, "workload_events") == 0);
    CHECK(count(st, "batch_rows") == 0);
    BatchWriter w(st, st.open_source(ident("b.log")).id);
    CHECK(w.add(step("k1", "created", 10)));
    w.commit(10, 1);
    CHECK(count(st, "workload_events") == 1);
    CHECK(st.verify().problems == std::vector<std::string>{});
}

TEST_CASE("row checks: rows are written only under an existing batch of their cluster") {
    TempPath t("rowcheck-batch");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    {
        BatchWriter w(st, st.open_source(ident("a.log")).id);
        w.add(step("k1", "created", 10));
        w.commit(10, 1);  // batch 1, cluster default
    }
    auto& db = st.db();
    store::RowBuffer rows;
    SECTION("no such batch") {
        kg::audit::store::PendingRow* r = rows.add(store::Table::workload_events, "k2");
        REQUIRE(r != nullptr);
        fill(*r, "k2", "default");
        db.begin();
        CHECK_THROWS_WITH(rows.flush(db, 42, "default"), Catch::Contains("batch 42, which is not a batch of that cluster"));
        db.exec("ROLLBACK");
    }
    SECTION("a batch of another cluster") {
        kg::audit::store::PendingRow* r = rows.add(store::Table::workload_events, "k2");
        REQUIRE(r != nullptr);
        fill(*r, "k2", "other");
        db.begin();
        CHECK_THROWS_WITH(rows.flush(db, 1, "other"), Catch::Contains("rows of cluster other would name batch 1"));
        db.exec("ROLLBACK");
    }
    SECTION("its own batch") {
        kg::audit::store::PendingRow* r = rows.add(store::Table::workload_events, "k2");
        REQUIRE(r != nullptr);
        fill(*r, "k2", "default");
        db.begin();
        CHECK(rows.flush(db, 1, "default").inserted == 1);
        db.exec("ROLLBACK");
    }
    CHECK(count(st, "workload_events") == 1);
}

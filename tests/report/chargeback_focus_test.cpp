// FOCUS inputs and billing periods: the PriceList's billing identity and list prices, the
// month-by-month computation, and the rows render_focus writes from them. The whole dataset
// is checked against the FOCUS 1.2 rules by tests/scripts/focus_check.py.
#include "audit/chargeback.h"
#include "model/policy.h"
#include "model/time.h"
#include "report/chargeback_export.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace kg::model;
using namespace kg::audit;

namespace {

PriceList prices(const std::string& body, DiagSink& diags) {
    SourceFiles files;
    return load_price_list_text(files, "prices.yaml", "apiVersion: kueuegov.io/v1alpha1\nkind: PriceList\n" + body, diags);
}

std::int64_t at(const char* s) { return *parse_rfc3339(s); }

}  // namespace

TEST_CASE("a PriceList names the billing account and provider, with defaults", "[chargeback][focus]") {
    DiagSink diags;
    auto pl = prices("billing: {accountId: acme, provider: ACME platform}\nprices:\n"
                     "  - {flavor: a100, resource: nvidia.com/gpu, perHour: \"2.10\", listPerHour: \"3.06\"}\n",
                     diags);
    CHECK(diags.items().empty());
    CHECK(pl.billing.account_id == "acme");
    CHECK(pl.billing.account_name == BillingIdentity().account_name);
    CHECK(pl.billing.provider == "ACME platform");
    REQUIRE(pl.prices.size() == 1);
    REQUIRE(pl.prices[0].list_per_hour);
    CHECK(pl.prices[0].list_per_hour->value.nanos() == 3'060'000'000);

    DiagSink bad;
    prices("billing: {accountId: \"\", invoiceIsuer: x}\nprices: []\n", bad);
    REQUIRE(bad.error_count() == 2);
    std::string all;
    for (const auto& d : bad.items()) all += d.message + "\n";
    CHECK_THAT(all, Catch::Contains("billing.accountId: expected a non-empty name"));
    CHECK_THAT(all, Catch::Contains("invoiceIsuer"));
}

TEST_CASE("chargeback by month gives one billing period per calendar month, adding up to the whole",
          "[chargeback][focus]") {
    DiagSink diags;
    auto pl = prices("prices:\n  - {flavor: \"*\", resource: nvidia.com/gpu, perHour: \"2\", listPerHour: \"3\"}\n", diags);
    REQUIRE(diags.items().empty());
    // 4 GPUs held from Oct 31 18:00 to Nov 1 06:00 in a queue with 8 nominal.
    std::vector<QuotaInterval> ivs{QuotaInterval{"ns/wl", "cq", "lq", "ns", "a100", "nvidia.com/gpu", 4000,
                                                 at("2026-10-31T18:00:00Z"), at("2026-11-01T06:00:00Z")}};
    QuotaVersion v;
    v.cluster_queue = "cq";
    v.flavor = "a100";
    v.resource = "nvidia.com/gpu";
    v.nominal_milli = 8000;
    v.valid_from = INT64_MIN / 2;
    v.valid_to = INT64_MAX;
    std::vector<QuotaVersion> versions{v};
    ChargebackInput in;
    in.from = at("2026-10-31T12:00:00Z");
    in.to = at("2026-11-01T12:00:00Z");
    in.intervals = &ivs;
    in.versions = &versions;
    in.prices = &pl;
    auto months = compute_chargeback_by_month(in);
    REQUIRE(months.has_value());
    REQUIRE(months->size() == 2);
    CHECK((*months)[0].to == at("2026-11-01T00:00:00Z"));
    CHECK((*months)[1].from == at("2026-11-01T00:00:00Z"));
    auto whole = compute_chargeback(in);
    REQUIRE(whole.has_value());
    REQUIRE(whole->rows.size() == 1);
    const auto& w = whole->rows[0];
    const auto& a = (*months)[0].rows.at(0);
    const auto& b = (*months)[1].rows.at(0);
    CHECK(a.used + b.used == w.used);
    CHECK(a.idle_nominal + b.idle_nominal == w.idle_nominal);
    CHECK(*a.cost_micro + *b.cost_micro == *w.cost_micro);
    // 12 h x 8 GPUs paid in October (6 h idle x 8 + 6 h x 4 used + 6 h x 4 idle): 96 GPU-hours.
    CHECK(*a.cost_micro == 96 * 2'000'000);
    CHECK(*a.list_cost_micro == 96 * 3'000'000);
    CHECK(a.unit_price == "2.000000000");
    CHECK(a.list_unit_price == "3.000000000");

    std::ostringstream out;
    kg::report::render_focus(out, *months);
    const std::string csv = out.str();
    CHECK_THAT(csv, Catch::Contains(",2026-11-01T00:00:00Z,2026-10-01T00:00:00Z,"));  // BillingPeriodEnd, Start
    CHECK_THAT(csv, Catch::Contains(",2026-12-01T00:00:00Z,2026-11-01T00:00:00Z,"));
    CHECK_THAT(csv, Catch::StartsWith("BilledCost,BillingAccountId,BillingAccountName,BillingCurrency,"));
}

TEST_CASE("a Cohort's own quota is charged: what members borrow of it is lent, the rest idle",
          "[chargeback][focus]") {
    // Cohort pool owns 8 GPUs; ClusterQueue a (nominal 4) holds 10 for 10 hours: it borrows 6,
    // all from the Cohort's quota (no other lender), which leaves 2 idle.
    std::vector<QuotaInterval> ivs{QuotaInterval{"ns/wl", "a", "lq", "ns", "f", "nvidia.com/gpu", 10000, 0, 10 * 3600}};
    QuotaVersion cq;
    cq.cluster_queue = "a";
    cq.flavor = "f";
    cq.resource = "nvidia.com/gpu";
    cq.nominal_milli = 4000;
    cq.cohort = "pool";
    cq.valid_from = INT64_MIN / 2;
    cq.valid_to = INT64_MAX;
    QuotaVersion own = cq;
    own.cluster_queue = "pool";
    own.nominal_milli = 8000;
    own.lending_limit_milli = 0;  // limits lending to the parent, not to members
    own.cohort_owned = true;
    std::vector<QuotaVersion> versions{cq, own};
    for (auto group : {ChargebackGroup::cluster_queue, ChargebackGroup::local_queue}) {
        ChargebackInput in;
        in.from = 0;
        in.to = 10 * 3600;
        in.group = group;
        in.intervals = &ivs;
        in.versions = &versions;
        auto r = compute_chargeback(in);
        REQUIRE(r.has_value());
        const ChargebackRow* pool = nullptr;
        __int128 borrowed = 0, lent = 0;
        for (const auto& row : r->rows) {
            borrowed += row.borrowed;
            lent += row.lent;
            if (row.cohort == "pool") pool = &row;
        }
        REQUIRE(pool != nullptr);
        CHECK(pool->cluster_queue.empty());
        CHECK(pool->used == 0);
        CHECK(pool->lent == __int128(6000) * 10 * 3600);
        CHECK(pool->idle_nominal == __int128(2000) * 10 * 3600);
        CHECK(borrowed == lent);  // every borrowed GPU-hour has a lender
    }
    // A name-alike ClusterQueue never merges with the Cohort's row.
    QuotaVersion twin = cq;
    twin.cluster_queue = "pool";
    twin.cohort = "";
    versions.push_back(twin);
    ChargebackInput in;
    in.from = 0;
    in.to = 3600;
    in.intervals = &ivs;
    in.versions = &versions;
    auto r = compute_chargeback(in);
    REQUIRE(r.has_value());
    int pool_rows = 0;
    for (const auto& row : r->rows) pool_rows += row.cohort == "pool" || row.cluster_queue == "pool";
    CHECK(pool_rows == 2);
}

// Chargeback numbers against hand-computed fixtures, reconciliation on random data, and the
// CSV / JSON / FOCUS exports.
#include "audit/chargeback.h"
#include "report/chargeback_export.h"
#include "report/escape.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <random>
#include <sstream>

using namespace kg::model;
using namespace kg::audit;
using kg::report::ChargebackFormat;
using kg::report::escape_csv_field;
using kg::report::render_chargeback;

namespace {

constexpr std::int64_t H = 3600;

QuotaInterval iv(std::string cq, std::string ns, std::string lq, std::string flavor, std::string res,
                 std::int64_t milli, std::int64_t from, std::int64_t to) {
    return QuotaInterval{ns + "/wl", std::move(cq), std::move(lq), std::move(ns), std::move(flavor),
                         std::move(res), milli, from, to};
}

QuotaVersion qv(std::string cq, std::string flavor, std::string res, std::int64_t nominal_milli, std::string cohort,
                std::int64_t from = INT64_MIN / 2, std::int64_t to = INT64_MAX) {
    QuotaVersion v;
    v.cluster_queue = std::move(cq);
    v.flavor = std::move(flavor);
    v.resource = std::move(res);
    v.nominal_milli = nominal_milli;
    v.cohort = std::move(cohort);
    v.valid_from = from;
    v.valid_to = to;
    return v;
}

PriceList prices() {
    PriceList pl;
    pl.currency = "EUR";
    auto add = [&](std::string f, std::string r, std::string p, std::string unit = "") {
        Price x;
        x.flavor.value = std::move(f);
        x.resource.value = std::move(r);
        x.per_hour.value = Quantity::parse(p).value();
        x.unit = std::move(unit);
        pl.prices.push_back(x);
    };
    add("a100", "nvidia.com/gpu", "2");
    add("*", "cpu", "0.03");
    add("*", "memory", "0.004", "GiB");
    return pl;
}

const ChargebackRow& find(const ChargebackResult& r, std::string cq, std::string lq = "") {
    for (const auto& row : r.rows)
        if (row.cluster_queue == cq && row.local_queue == lq) return row;
    FAIL("no row " << cq << "/" << lq);
    return r.rows.front();
}

std::string hours(MilliSeconds q, const char* res = "nvidia.com/gpu") { return format_unit_hours(q, res); }

// Design worked example stretched over 10 h: cohort c, A and B nominal 8 GPUs each. For the first
// 5 h A holds 12 (a1 9 from before the period, a2 3), B holds 2; then nothing.
struct CohortFixture {
    std::vector<QuotaInterval> ivs{
        iv("A", "ml", "a1", "a100", "nvidia.com/gpu", 9000, -H, 5 * H),
        iv("A", "ml", "a2", "a100", "nvidia.com/gpu", 3000, 0, 5 * H),
        iv("B", "cv", "b1", "a100", "nvidia.com/gpu", 2000, 0, 5 * H),
    };
    std::vector<QuotaVersion> vs{qv("A", "a100", "nvidia.com/gpu", 8000, "c"),
                                 qv("B", "a100", "nvidia.com/gpu", 8000, "c")};
    PriceList pl = prices();
    ChargebackResult run(ChargebackGroup g) {
        ChargebackInput in;
        in.from = 0;
        in.to = 10 * H;
        in.group = g;
        in.intervals = &ivs;
        in.versions = &vs;
        in.prices = &pl;
        auto r = compute_chargeback(in);
        REQUIRE(r.has_value());
        return r.value();
    }
};

}  // namespace

TEST_CASE("decimal formatting rounds half away from zero", "[chargeback]") {
    CHECK(format_decimal(1, 3, 6) == "0.333333");
    CHECK(format_decimal(2, 3, 6) == "0.666667");
    CHECK(format_decimal(5, 10000000, 6) == "0.000001");
    CHECK(format_decimal(-5, 10000000, 6) == "-0.000001");
    CHECK(format_decimal(-4, 10000000, 6) == "0.000000");
    CHECK(format_decimal(9999995, 10000000, 6) == "1.000000");
    CHECK(format_decimal(12, 1, 0) == "12");
    CHECK(format_unit_hours(MilliSeconds(16) * (1LL << 30) * 1000 * 5400, "memory") == "24.000000");
    CHECK(chargeback_unit("nvidia.com/gpu") == "GPU-Hours");
    CHECK(chargeback_unit("cpu") == "Core-Hours");
    CHECK(chargeback_unit("memory") == "GiB-Hours");
}

TEST_CASE("cohort borrowing, lending and idle quota per ClusterQueue", "[chargeback]") {
    CohortFixture fx;
    auto r = fx.run(ChargebackGroup::cluster_queue);
    REQUIRE(r.rows.size() == 2);
    const auto& a = find(r, "A");
    CHECK(hours(a.used) == "60.000000");
    CHECK(hours(a.within_nominal) == "40.000000");
    CHECK(hours(a.borrowed) == "20.000000");
    CHECK(hours(a.lent) == "0.000000");
    CHECK(hours(a.idle_nominal) == "40.000000");
    const auto& b = find(r, "B");
    CHECK(hours(b.used) == "10.000000");
    CHECK(hours(b.within_nominal) == "10.000000");
    CHECK(hours(b.borrowed) == "0.000000");
    CHECK(hours(b.lent) == "20.000000");
    CHECK(hours(b.idle_nominal) == "50.000000");
    // A pays used + idle (60 + 40) x 2, B (10 + 50) x 2; B's lent hours are covered by A.
    REQUIRE(a.cost_micro);
    CHECK(format_decimal(*a.cost_micro, 1000000, 2) == "200.00");
    CHECK(format_decimal(*b.cost_micro, 1000000, 2) == "120.00");
    // Conservation: everything charged = both nominal quotas x 10 h x price.
    CHECK(*r.total_cost_micro == MilliSeconds(2 * 8 * 10 * 2) * 1000000);
}

TEST_CASE("LocalQueues split nominal and borrowed pro rata; idle goes to an __idle__ row", "[chargeback]") {
    CohortFixture fx;
    auto r = fx.run(ChargebackGroup::local_queue);
    const auto& a1 = find(r, "A", "a1");
    CHECK(a1.namespace_ == "ml");
    CHECK(hours(a1.used) == "45.000000");
    CHECK(hours(a1.within_nominal) == "30.000000");
    CHECK(hours(a1.borrowed) == "15.000000");
    const auto& a2 = find(r, "A", "a2");
    CHECK(hours(a2.within_nominal) == "10.000000");
    CHECK(hours(a2.borrowed) == "5.000000");
    const auto& ai = find(r, "A", "__idle__");
    CHECK(hours(ai.used) == "0.000000");
    CHECK(hours(ai.idle_nominal) == "40.000000");
    const auto& bi = find(r, "B", "__idle__");
    CHECK(hours(bi.lent) == "20.000000");
    CHECK(hours(bi.idle_nominal) == "50.000000");
    CHECK(r.rows.size() == 5);
}

TEST_CASE("a ClusterQueue edited during the period is charged under each quota in turn", "[chargeback]") {
    // C: 4 cpu for [0, 2h), then 2 cpu. A workload holds 3 cpu [1h, 3h) until its eviction
    // released the quota, is requeued and holds 1 cpu from 3.5h past the period end (4h).
    std::vector<QuotaVersion> vs{qv("C", "default", "cpu", 4000, "", -10 * H, 2 * H),
                                 qv("C", "default", "cpu", 2000, "", 2 * H)};
    std::vector<QuotaInterval> ivs{iv("C", "ns", "q", "default", "cpu", 3000, 1 * H, 3 * H),
                                   iv("C", "ns", "q", "default", "cpu", 1000, 3 * H + H / 2, 5 * H),
                                   iv("C", "ns", "q", "default", "memory", 1000LL * (16LL << 30), 0, H + H / 2),
                                   iv("C", "ns", "q", "default", "cpu", 7000, 6 * H, 7 * H)};  // outside
    PriceList pl = prices();
    ChargebackInput in;
    in.from = 0;
    in.to = 4 * H;
    in.intervals = &ivs;
    in.versions = &vs;
    in.prices = &pl;
    auto r = compute_chargeback(in);
    REQUIRE(r.has_value());
    REQUIRE(r->rows.size() == 2);
    const auto& cpu = r->rows[0];
    REQUIRE(cpu.resource == "cpu");
    CHECK(hours(cpu.used, "cpu") == "6.500000");
    CHECK(hours(cpu.within_nominal, "cpu") == "5.500000");
    CHECK(hours(cpu.borrowed, "cpu") == "1.000000");
    CHECK(hours(cpu.idle_nominal, "cpu") == "6.500000");
    CHECK(format_decimal(*cpu.cost_micro, 1000000, 6) == "0.390000");
    const auto& mem = r->rows[1];
    REQUIRE(mem.resource == "memory");
    CHECK(hours(mem.used, "memory") == "24.000000");
    CHECK(hours(mem.borrowed, "memory") == "24.000000");  // no memory quota: all above nominal
    CHECK(format_decimal(*mem.cost_micro, 1000000, 6) == "0.096000");
    CHECK(format_decimal(*r->total_cost_micro, 1000000, 6) == "0.486000");
}

TEST_CASE("unpriced resources and bypassing workloads are reported, not dropped", "[chargeback]") {
    std::vector<QuotaInterval> ivs{iv("", "rogue", "", "default", "example.com/fpga", 1000, 0, H)};
    PriceList pl = prices();
    ChargebackInput in;
    in.from = 0;
    in.to = H;
    in.group = ChargebackGroup::local_queue;
    in.intervals = &ivs;
    in.prices = &pl;
    auto r = compute_chargeback(in);
    REQUIRE(r.has_value());
    REQUIRE(r->rows.size() == 1);
    CHECK(r->rows[0].cluster_queue == "__unqueued__");
    CHECK(r->rows[0].local_queue == "__unqueued__");
    CHECK_FALSE(r->rows[0].cost_micro);
    CHECK(r->unpriced == std::vector<std::string>{"default/example.com/fpga"});
    in.to = in.from;
    auto bad = compute_chargeback(in);
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().message == "chargeback period is empty: --to 0 is not after --from 0");
}

TEST_CASE("pro-rata splits of indivisible amounts still add up", "[chargeback]") {
    // Three LocalQueues of 1m each share 1m of nominal for one second.
    std::vector<QuotaInterval> ivs{iv("A", "n", "x", "f", "cpu", 1, 0, 1), iv("A", "n", "y", "f", "cpu", 1, 0, 1),
                                   iv("A", "n", "z", "f", "cpu", 1, 0, 1)};
    std::vector<QuotaVersion> vs{qv("A", "f", "cpu", 1, "")};
    ChargebackInput in;
    in.from = 0;
    in.to = 1;
    in.group = ChargebackGroup::local_queue;
    in.intervals = &ivs;
    in.versions = &vs;
    auto r = compute_chargeback(in);
    REQUIRE(r.has_value());
    MilliSeconds within = 0, borrowed = 0;
    for (const auto& row : r->rows) {
        within += row.within_nominal;
        borrowed += row.borrowed;
        CHECK(row.within_nominal + row.borrowed == row.used);
    }
    CHECK(within == 1);
    CHECK(borrowed == 2);
}

TEST_CASE("random intervals reconcile with held quota and nominal quota", "[chargeback]") {
    std::mt19937_64 rng(42);
    std::vector<QuotaInterval> ivs;
    std::vector<QuotaVersion> vs;
    const char* cqs[] = {"q0", "q1", "q2", "q3"};
    const char* lqs[] = {"l0", "l1", "l2"};
    for (int c = 0; c < 4; ++c) {
        auto v1 = qv(cqs[c], "f", "cpu", 1000 * (c + 1), c < 3 ? "co" : "", -100, 500);
        auto v2 = qv(cqs[c], "f", "cpu", 500 * (c + 2), c % 2 ? "co" : "", 500);
        v1.lending_limit_milli = c == 1 ? std::optional<std::int64_t>(300) : std::nullopt;
        vs.push_back(v1);
        vs.push_back(v2);
    }
    MilliSeconds expect_used = 0;
    const std::int64_t from = 0, to = 1000;
    for (int i = 0; i < 400; ++i) {
        std::int64_t a = static_cast<std::int64_t>(rng() % 1200) - 100;
        std::int64_t b = a + 1 + static_cast<std::int64_t>(rng() % 300);
        std::int64_t m = 1 + static_cast<std::int64_t>(rng() % 977);
        ivs.push_back(iv(cqs[rng() % 4], "n", lqs[rng() % 3], "f", "cpu", m, a, b));
        const std::int64_t ca = std::max(a, from), cb = std::min(b, to);
        if (ca < cb) expect_used += MilliSeconds(m) * (cb - ca);
    }
    for (auto g : {ChargebackGroup::cluster_queue, ChargebackGroup::local_queue, ChargebackGroup::namespace_,
                   ChargebackGroup::flavor}) {
        ChargebackInput in;
        in.from = from;
        in.to = to;
        in.group = g;
        in.intervals = &ivs;
        in.versions = &vs;
        auto r = compute_chargeback(in);
        REQUIRE(r.has_value());
        MilliSeconds used = 0, within = 0, borrowed = 0, lent = 0, idle = 0;
        for (const auto& row : r->rows) {
            CHECK(row.within_nominal + row.borrowed == row.used);
            CHECK(row.within_nominal >= 0);
            CHECK(row.borrowed >= 0);
            CHECK(row.idle_nominal >= 0);
            used += row.used;
            within += row.within_nominal;
            borrowed += row.borrowed;
            lent += row.lent;
            idle += row.idle_nominal;
        }
        CHECK(used == expect_used);
        // Nominal quota in force, integrated: within + lent + idle.
        MilliSeconds nominal = 0;
        for (int c = 0; c < 4; ++c) nominal += MilliSeconds(1000 * (c + 1)) * 500 + MilliSeconds(500 * (c + 2)) * 500;
        CHECK(within + lent + idle == nominal);
        CHECK(lent <= borrowed);
    }
}

TEST_CASE("CSV cells that look like formulas are neutralised", "[chargeback][csv]") {
    CHECK(escape_csv_field("team-a") == "team-a");
    CHECK(escape_csv_field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"");
    CHECK(escape_csv_field("+1") == "'+1");
    CHECK(escape_csv_field("-1") == "'-1");
    CHECK(escape_csv_field("@SUM(A1)") == "'@SUM(A1)");
    CHECK(escape_csv_field("a,b") == "\"a,b\"");

    std::vector<QuotaInterval> ivs{iv("=cmd|' /C calc'!A0", "@ns", "+lq", "a100", "nvidia.com/gpu", 1000, 0, H)};
    PriceList pl = prices();
    ChargebackInput in;
    in.from = 0;
    in.to = H;
    in.group = ChargebackGroup::local_queue;
    in.intervals = &ivs;
    in.prices = &pl;
    auto r = compute_chargeback(in);
    REQUIRE(r.has_value());
    std::ostringstream out;
    render_chargeback(out, *r, ChargebackFormat::csv);
    CHECK(out.str() ==
          "cluster_queue,namespace,local_queue,flavor,resource,unit,used,within_nominal,borrowed,lent,idle_nominal,"
          "cost,currency,period_start,period_end\n"
          "'=cmd|' /C calc'!A0,'@ns,'+lq,a100,nvidia.com/gpu,GPU-Hours,1.000000,0.000000,1.000000,0.000000,"
          "0.000000,2.000000,EUR,1970-01-01T00:00:00Z,1970-01-01T01:00:00Z\n");
}

TEST_CASE("JSON export follows the contract and omits unchosen key columns", "[chargeback][json]") {
    CohortFixture fx;
    auto r = fx.run(ChargebackGroup::cluster_queue);
    std::ostringstream out;
    render_chargeback(out, r, ChargebackFormat::json);
    auto j = nlohmann::json::parse(out.str());
    CHECK(j["period"]["from"] == "1970-01-01T00:00:00Z");
    CHECK(j["period"]["to"] == "1970-01-01T10:00:00Z");
    CHECK(j["currency"] == "EUR");
    REQUIRE(j["rows"].size() == 2);
    const auto& a = j["rows"][0];
    CHECK(a["clusterQueue"] == "A");
    CHECK_FALSE(a.contains("localQueue"));
    CHECK_FALSE(a.contains("namespace"));
    CHECK(a["flavor"] == "a100");
    CHECK(a["resource"] == "nvidia.com/gpu");
    CHECK(a["unit"] == "GPU-Hours");
    CHECK(a["used"].get<double>() == 60.0);
    CHECK(a["withinNominal"].get<double>() == 40.0);
    CHECK(a["borrowed"].get<double>() == 20.0);
    CHECK(a["idleNominal"].get<double>() == 40.0);
    CHECK(a["cost"].get<double>() == 200.0);
    CHECK(j["totals"]["cost"].get<double>() == 320.0);
    CHECK(j["totals"]["resources"][0]["used"].get<double>() == 70.0);
    CHECK(j["totals"]["resources"][0]["lent"].get<double>() == 20.0);

    auto ns = fx.run(ChargebackGroup::namespace_);
    std::ostringstream out2;
    render_chargeback(out2, ns, ChargebackFormat::json);
    auto j2 = nlohmann::json::parse(out2.str());
    for (const auto& row : j2["rows"]) {
        CHECK(row.contains("namespace"));
        CHECK_FALSE(row.contains("clusterQueue"));
    }
    CHECK(j2["rows"].size() == 3);  // __idle__, cv, ml
}

TEST_CASE("FOCUS export carries the mandatory cost and usage columns", "[chargeback][focus]") {
    CohortFixture fx;
    auto r = fx.run(ChargebackGroup::local_queue);
    std::ostringstream out;
    render_chargeback(out, r, ChargebackFormat::focus);
    std::istringstream in(out.str());
    std::string header, line;
    std::getline(in, header);
    for (const char* col : {"BilledCost", "EffectiveCost", "ChargePeriodStart", "ChargePeriodEnd", "ResourceId",
                            "ResourceName", "SkuId", "PricingQuantity", "PricingUnit", "ConsumedQuantity",
                            "ConsumedUnit", "Tags", "BillingCurrency", "ChargeCategory"})
        CHECK(header.find(col) != std::string::npos);
    std::getline(in, line);  // A's __idle__ row sorts first
    CHECK(line.find(",kueue.x-k8s.io/clusterqueues/A/idle,__idle__,") != std::string::npos);
    std::getline(in, line);  // A / ml / a1
    // Cells by column name (RFC 4180: commas inside quotes, "" for a quote).
    auto cells = [](const std::string& l) {
        std::vector<std::string> split(1);
        bool quoted = false;
        for (std::size_t i = 0; i < l.size(); ++i) {
            const char c = l[i];
            if (quoted && c == '"' && i + 1 < l.size() && l[i + 1] == '"') split.back() += l[++i];
            else if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) split.emplace_back();
            else split.back() += c;
        }
        return split;
    };
    const auto names = cells(header), values = cells(line);
    auto cell = [&](const std::string& name) {
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return values.at(i);
        FAIL("no column " << name);
        return std::string();
    };
    for (const char* cost : {"BilledCost", "EffectiveCost", "ListCost", "ContractedCost"}) CHECK(cell(cost) == "90.000000");
    CHECK(cell("BillingCurrency") == "EUR");
    CHECK(cell("ChargePeriodStart") == "1970-01-01T00:00:00Z");
    CHECK(cell("BillingPeriodStart") == "1970-01-01T00:00:00Z");
    CHECK(cell("ConsumedQuantity") == "45.000000");
    CHECK(cell("PricingQuantity") == "45.000000");
    CHECK(cell("PricingUnit") == "GPU-Hours");
    CHECK(cell("ResourceId") == "kueue.x-k8s.io/namespaces/ml/localqueues/a1");
    CHECK(cell("ResourceType") == "LocalQueue");
    CHECK(cell("ServiceCategory") == "AI and Machine Learning");
    CHECK(cell("SkuId") == "a100/nvidia.com/gpu");
    CHECK(line.find("\"{\"\"kueue.x-k8s.io/cluster-queue\"\":\"\"A\"\",\"\"kueue.x-k8s.io/local-queue\"\":\"\"a1\"\","
                    "\"\"kueue.x-k8s.io/namespace\"\":\"\"ml\"\",\"\"kueue.x-k8s.io/flavor\"\":\"\"a100\"\"}\"") !=
          std::string::npos);
}

TEST_CASE("an export's Workloads become quota intervals and its ClusterQueues quota versions", "[chargeback]") {
    Cluster c;
    ClusterQueue cq;
    cq.meta.name.value = "team-a";
    cq.cohort.value = "research";
    ResourceGroup rg;
    FlavorQuotas fq;
    fq.name.value = "a100";
    ResourceQuota rq;
    rq.name.value = "nvidia.com/gpu";
    rq.nominal_quota.value = Quantity::parse("8").value();
    rq.lending_limit = Located<Quantity>{Quantity::parse("2").value()};
    fq.resources.push_back(rq);
    rg.flavors.push_back(fq);
    cq.resource_groups.push_back(rg);
    c.cluster_queues.push_back(cq);
    auto wl = [&](std::string name, std::optional<std::int64_t> reserved, std::optional<std::int64_t> finished) {
        Workload w;
        w.meta.name.value = name;
        w.meta.namespace_.value = "ml";
        w.queue_name.value = "lq";
        Admission adm;
        adm.cluster_queue = "team-a";
        PodSetAssignment psa;
        psa.flavors["nvidia.com/gpu"] = "a100";
        psa.resource_usage["nvidia.com/gpu"] = Quantity::parse("4").value();
        adm.pod_set_assignments.push_back(psa);
        w.admission = adm;
        if (reserved) w.conditions.push_back(Condition{"QuotaReserved", ConditionStatus::true_, "", "", reserved});
        if (finished) w.conditions.push_back(Condition{"Finished", ConditionStatus::true_, "", "", finished});
        c.workloads.push_back(w);
    };
    wl("running", 100, std::nullopt);
    wl("done", 50, 80);
    wl("no-time", std::nullopt, std::nullopt);
    auto ev = evidence_from_export(c, 1000);
    REQUIRE(ev.intervals.size() == 2);
    CHECK(ev.intervals[0].from == 100);
    CHECK(ev.intervals[0].to == 1000);
    CHECK(ev.intervals[0].milli == 4000);
    CHECK(ev.intervals[0].local_queue == "lq");
    CHECK(ev.intervals[1].to == 80);
    CHECK(ev.skipped == 1);
    REQUIRE(ev.versions.size() == 1);
    CHECK(ev.versions[0].nominal_milli == 8000);
    CHECK(ev.versions[0].lending_limit_milli == 2000);
    CHECK(ev.versions[0].cohort == "research");
}

TEST_CASE("a PriceList file loads as an object, not as a kubectl List", "[chargeback]") {
    SourceFiles files;
    DiagSink diags;
    auto pl = load_price_list_text(files, "prices.yaml",
                                   "apiVersion: kueuegov.io/v1alpha1\nkind: PriceList\ncurrency: USD\nprices:\n"
                                   "  - {flavor: h100-ondemand, resource: nvidia.com/gpu, perHour: \"3.00\"}\n"
                                   "  - {flavor: \"*\", resource: memory, perHour: \"0.004\", unit: GiB}\n",
                                   diags);
    CHECK(diags.items().empty());
    REQUIRE(pl.prices.size() == 2);
    CHECK(pl.prices[1].flavor.value == "*");
    CHECK(pl.prices[1].unit == "GiB");
}

// chargeback --by purpose: rows keyed by the purpose the one resolver gives each reservation's
// LocalQueue and namespace (labels are not in the evidence), idle quota apart, in CSV and JSON.
#include "audit/chargeback.h"
#include "report/chargeback_export.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace kg::model;
using namespace kg::audit;

namespace {

constexpr std::int64_t H = 3600;

QuotaInterval iv(std::string ns, std::string lq, std::int64_t milli) {
    return QuotaInterval{ns + "/wl", "cq", std::move(lq), std::move(ns), "a100", "nvidia.com/gpu", milli, 0, H};
}

PurposeMapping mapping(std::string purpose, std::vector<std::string> lqs, std::vector<std::string> nss,
                       bool with_selector = false) {
    PurposeMapping m;
    m.purpose.value = std::move(purpose);
    for (auto& s : lqs) m.local_queues.emplace_back(std::move(s));
    for (auto& s : nss) m.namespaces.emplace_back(std::move(s));
    if (with_selector) {
        LabelSelector sel;
        sel.match_labels.emplace_back("kueuegov.io/purpose", "evaluation");
        m.selector = sel;
    }
    return m;
}

}  // namespace

TEST_CASE("chargeback by purpose: LocalQueue before namespace, no purpose and idle apart", "[report][chargeback]") {
    PurposePolicy pp;
    pp.mappings.push_back(mapping("evaluation", {}, {}, true));  // labels are unknown: never decides
    pp.mappings.push_back(mapping("research", {}, {"team-a", "team-b"}));
    pp.mappings.push_back(mapping("production-support", {"team-a/serving"}, {}));
    std::vector<QuotaInterval> ivs{iv("team-a", "serving", 2000), iv("team-a", "batch", 1000),
                                   iv("team-b", "batch", 1000), iv("team-c", "batch", 3000), iv("team-b", "", 1000)};
    QuotaVersion v;
    v.cluster_queue = "cq";
    v.flavor = "a100";
    v.resource = "nvidia.com/gpu";
    v.nominal_milli = 10000;
    v.valid_from = 0;
    ChargebackInput in;
    in.from = 0;
    in.to = H;
    in.group = ChargebackGroup::purpose;
    in.intervals = &ivs;
    std::vector<QuotaVersion> versions{v};
    in.versions = &versions;
    in.purposes = &pp;
    auto r = compute_chargeback(in);
    REQUIRE(r.has_value());
    std::vector<std::pair<std::string, std::string>> got;  // purpose, used GPU-hours
    for (const ChargebackRow& row : r->rows) {
        CHECK(row.namespace_.empty());
        CHECK(row.local_queue.empty());
        got.emplace_back(row.purpose, format_unit_hours(row.used, row.resource) + "/" +
                                          format_unit_hours(row.idle_nominal, row.resource));
    }
    // team-b's unqueued reservation is still team-b's: research by namespace.
    CHECK(got == std::vector<std::pair<std::string, std::string>>{{"__idle__", "0.000000/2.000000"},
                                                                  {"__none__", "3.000000/0.000000"},
                                                                  {"production-support", "2.000000/0.000000"},
                                                                  {"research", "3.000000/0.000000"}});
    std::ostringstream csv;
    kg::report::render_chargeback(csv, *r, kg::report::ChargebackFormat::csv);
    CHECK(csv.str().rfind("purpose,flavor,resource,", 0) == 0);
    CHECK(csv.str().find("\nresearch,a100,nvidia.com/gpu,GPU-Hours,3.000000,") != std::string::npos);
    std::ostringstream json;
    kg::report::render_chargeback(json, *r, kg::report::ChargebackFormat::json);
    CHECK(json.str().find("\"by\": \"purpose\"") != std::string::npos);
    CHECK(json.str().find("{\"purpose\": \"production-support\", \"flavor\": \"a100\"") != std::string::npos);
    CHECK(parse_chargeback_group("purpose") == ChargebackGroup::purpose);
}

// report/replay_render.cpp writes a replay's workloads array element by element: the text must
// be what dump(2) of the whole document gives, hostile characters escaped, with and without
// workloads.
#include "report/escape_json.h"
#include "report/replay_render.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <sstream>

using namespace kg;

namespace {

std::string render(const sim::ReplayResult& r) {
    std::ostringstream out;
    report::render_replay(out, r, report::ReplayFormat::json);
    return out.str();
}

}  // namespace

TEST_CASE("replay JSON: the streamed workloads array reads back as dump(2) of the document", "[report][replay]") {
    sim::ReplayResult r;
    r.end_ms = 5000;
    r.cycles = 3;
    sim::QueueResult& q = r.queues["cq-a"];
    q.cluster_queue = "cq-a";
    q.admissions = 2;
    for (int i = 0; i < 3; ++i) {
        sim::WorkloadResult w;
        w.workload = "ns/w" + std::to_string(i) + (i == 1 ? "\xe2\x80\xae" : "");  // U+202E in one name
        w.workload_class = i == 2 ? "multi\nline" : "small";
        w.cluster_queue = i == 0 ? "" : "cq-a";
        w.arrival_ms = i * 10;
        w.admitted_ms = i == 0 ? -1 : 100 + i;
        w.evictions = i;
        r.workloads.push_back(w);
    }
    const std::string text = render(r);
    CHECK(text.find("\xe2\x80\xae") == std::string::npos);
    CHECK(text.find("\\u202e") != std::string::npos);
    const auto doc = nlohmann::ordered_json::parse(text);
    REQUIRE(doc["workloads"].size() == 3);
    CHECK(doc["workloads"][1]["workload"] == "ns/w1\xe2\x80\xae");
    CHECK(doc["workloads"][2]["class"] == "multi\nline");
    CHECK(doc["workloads"][1]["timeToAdmissionMs"] == 91);
    CHECK(doc["workloads"][0]["admittedMs"] == -1);
    CHECK(text == report::json_text(doc, 2) + "\n");

    r.workloads.clear();
    const std::string empty = render(r);
    CHECK(nlohmann::ordered_json::parse(empty)["workloads"].empty());
    CHECK(empty == report::json_text(nlohmann::ordered_json::parse(empty), 2) + "\n");
}

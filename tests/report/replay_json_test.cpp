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

TEST_CASE("replay JSON: the streamed clusterQueues array is the DOM's, repeated keys merged as operator[] merges them",
          "[report][replay]") {
    sim::ReplayResult r;
    r.end_ms = 1000;
    r.api.modelled = true;
    r.api.qps = 50;
    r.api.burst = 100;
    // One queue with a usage, a timeline and a hostile name; one with nothing at all.
    sim::QueueResult& a = r.queues["cq-\xe2\x80\xae\"a"];
    a.cluster_queue = "cq-\xe2\x80\xae\"a";
    a.admissions = 4;
    a.nominal[{"rf", "cpu"}] = 20;
    a.used_integral[{"rf", "cpu"}] = 12345;
    // "a" + "b/c" and "a/b" + "c" both print as "a/b/c": the DOM kept one member, in the
    // first one's place, with the last one's value.
    a.nominal[{"a", "b/c"}] = 1;
    a.nominal[{"a/b", "c"}] = 2;
    a.timeline.push_back({10, {{{"rf", "cpu"}, 5}}});
    a.timeline.push_back({20, {}});
    a.timeline.push_back({30, {{{"a", "b/c"}, 7}, {{"a/b", "c"}, 8}, {{"rf", "cpu"}, 9}}});
    r.queue_class["cq-\xe2\x80\xae\"a"] = "cq";
    r.queues["cq-empty"].cluster_queue = "cq-empty";
    // A third queue's timeline reuses the first one's sample layout.
    r.queues["cq-b"].timeline.push_back({40, {{{"rf", "cpu"}, 3}}});

    const std::string text = render(r);
    CHECK(text.find("\xe2\x80\xae") == std::string::npos);
    const auto doc = nlohmann::ordered_json::parse(text);
    CHECK(text == report::json_text(doc, 2) + "\n");
    const auto& queues = doc["clusterQueues"];
    REQUIRE(queues.size() == 3);
    const auto& q = queues[2];  // by name: "cq-b", "cq-e..." sort before "cq-\xe2..."
    CHECK(q["name"] == "cq-\xe2\x80\xae\"a");
    CHECK(q["class"] == "cq");
    CHECK(q["admissions"] == 4);
    REQUIRE(q["usage"].size() == 2);
    CHECK(q["usage"].begin().key() == "a/b/c");
    CHECK(q["usage"]["a/b/c"]["nominal"] == 2);
    CHECK(q["usage"]["rf/cpu"]["averageUsage"] == 12);
    CHECK(q["usage"]["rf/cpu"]["usagePercent"] == "61.7%");
    REQUIRE(q["timeline"].size() == 3);
    CHECK(q["timeline"][1]["used"].empty());
    CHECK(q["timeline"][2]["used"].size() == 2);
    CHECK(q["timeline"][2]["used"]["a/b/c"] == 8);
    CHECK(q["timeline"][2]["used"]["rf/cpu"] == 9);
    CHECK(queues[0]["timeline"][0]["used"]["rf/cpu"] == 3);
    CHECK(queues[1]["name"] == "cq-empty");
    CHECK(queues[1]["usage"].empty());
    CHECK(queues[1]["timeline"].empty());
    CHECK(text.find("\"usage\": {},") != std::string::npos);
    CHECK(text.find("\"timeline\": []") != std::string::npos);

    r.queues.clear();
    const std::string none = render(r);
    CHECK(none.find("\"clusterQueues\": [],") != std::string::npos);
    CHECK(none == report::json_text(nlohmann::ordered_json::parse(none), 2) + "\n");
}

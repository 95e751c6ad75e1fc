// Batches of a large List decoded on the thread that parsed them (ListBatchWork, the
// loader's decode_batch) must load exactly what the one-pass load does: every object in
// its list's order, schema issues, skipped kinds, document count and diagnostics in
// order with their positions; and a batch with an object whose decoding reads earlier
// objects (a Job, a Pod, the Configuration, a kind not modelled) must be decoded in
// order on the calling thread instead.
#include "cluster_dump.h"
#include "model/loader.h"
#include "model/yaml/list_layout.h"
#include "model/yaml/list_parallel.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

using namespace kg::model;

namespace {

std::vector<std::string> load(const std::string& text, bool parallel, std::size_t batch_bytes) {
    LoadOptions opt;
    opt.parallel_lists = parallel;
    opt.list_batch_bytes = batch_bytes;
    return kg::test::load_and_dump("export.json", text, opt);
}

std::string json_workload(int i, const std::string& extra_spec = "", const std::string& cpu = "\"8\"") {
    std::string n = std::to_string(i);
    return "        {\n"
           "            \"apiVersion\": \"kueue.x-k8s.io/v1beta2\",\n"
           "            \"kind\": \"Workload\",\n"
           "            \"metadata\": {\"name\": \"wl-" + n + "\", \"namespace\": \"team-a\"},\n"
           "            \"spec\": {\n" + extra_spec +
           "                \"podSets\": [{\"count\": 1, \"name\": \"main\", \"template\": {\"spec\": {\"containers\": [\n"
           "                    {\"name\": \"c\", \"resources\": {\"requests\": {\"cpu\": " + cpu + "}}}]}}}],\n"
           "                \"queueName\": \"lq\"\n"
           "            }\n"
           "        }";
}

std::string json_object(const std::string& api, const std::string& kind, const std::string& name,
                        const std::string& ns = "", const std::string& rest = "") {
    std::string meta = "{\"name\": \"" + name + "\"" + (ns.empty() ? "" : ", \"namespace\": \"" + ns + "\"") + "}";
    return "        {\n            \"apiVersion\": \"" + api + "\", \"kind\": \"" + kind + "\", \"metadata\": " + meta + rest +
           "\n        }";
}

std::string json_list(const std::vector<std::string>& items) {
    std::string s = "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n";
    for (std::size_t i = 0; i < items.size(); ++i) {
        s += items[i] + (i + 1 == items.size() ? "\n" : ",\n");
    }
    return s + "    ],\n    \"kind\": \"List\",\n    \"metadata\": {\"resourceVersion\": \"\"}\n}\n";
}

// Every kind the loader models, with diagnostics and schema issues among them: the
// batches that hold only kinds decoded alone are decoded on the parsing thread, the
// others in order on the calling thread.
std::vector<std::string> mixed_items() {
    std::vector<std::string> items;
    for (int i = 0; i < 30; ++i) {
        switch (i % 10) {
            case 3: items.push_back(json_workload(i, "                \"bogusField\": 1,\n")); break;  // schema issue
            case 5: items.push_back(json_workload(i, "", "\"eight\"")); break;                      // decode error
            case 6:
                items.push_back(json_object("kueue.x-k8s.io/v1beta2", "ClusterQueue", "cq-" + std::to_string(i), "",
                                            ", \"spec\": {\"namespaceSelector\": {}, \"cohortName\": \"c\"}"));
                break;
            case 7:
                items.push_back(json_object("kueue.x-k8s.io/v1beta2", "LocalQueue", "lq-" + std::to_string(i), "team-a",
                                            ", \"spec\": {\"clusterQueue\": \"cq-6\"}"));
                break;
            case 8: items.push_back(json_object("v1", "Namespace", "ns-" + std::to_string(i))); break;
            case 9: items.push_back(json_object("kueue.x-k8s.io/v1beta2", "Workload", "")); break;  // no name
            default: items.push_back(json_workload(i));
        }
    }
    items.push_back(json_object("batch/v1", "Job", "job-a", "team-a",
                                ", \"spec\": {\"template\": {\"spec\": {\"containers\": [{\"name\": \"c\"}]}}}"));
    items.push_back(json_object("v1", "Pod", "pod-a", "team-a",
                                ", \"spec\": {\"nodeName\": \"n1\", \"containers\": [{\"name\": \"c\"}]}"));
    items.push_back(json_object("v1", "ConfigMap", "not-kueue", "team-a"));
    items.push_back(json_object("config.kueue.x-k8s.io/v1beta1", "Configuration", "config"));
    for (int i = 40; i < 50; ++i) {
        items.push_back(json_workload(i));
    }
    return items;
}

// The text takes the two-thread List path to its end (else the tests below compare the
// one-pass load with itself).
bool parallel_to_the_end(const std::string& text, std::size_t batch_bytes) {
    auto layout = yaml::find_list_layout(text);
    LoadOptions opt;
    opt.list_batch_bytes = batch_bytes;
    return layout && yaml::parse_list_parallel(7, {text, 0}, *layout, opt, [](yaml::Node&&) {}).complete;
}

}  // namespace

TEST_CASE("batches decoded where they were parsed load the one-pass cluster", "[model][loader][parallel]") {
    const std::string text = json_list(mixed_items());
    std::vector<std::string> one = load(text, false, 300);
    // The decode error and the missing name.
    REQUIRE(std::count_if(one.begin(), one.end(), [](const std::string& l) { return l.find(": error: ") != std::string::npos; }) >= 2);
    // Batches of one item, of a few, and of many: each mixes kinds differently.
    for (std::size_t batch : {1u, 300u, 2000u, 8000u}) {
        INFO("batch bytes " << batch);
        REQUIRE(parallel_to_the_end(text, batch));
        CHECK(load(text, true, batch) == one);
    }
}

TEST_CASE("a YAML List's batches are decoded where they were parsed, with the same result",
          "[model][loader][parallel]") {
    std::string text = "apiVersion: v1\nitems:\n";
    for (int i = 0; i < 40; ++i) {
        std::string n = std::to_string(i);
        text += "- apiVersion: kueue.x-k8s.io/v1beta2\n  kind: " + std::string(i % 7 == 3 ? "Job" : "Workload") +
                "\n  metadata:\n    name: wl-" + n + "\n    namespace: team-a\n  spec:\n" +
                (i % 5 == 2 ? "    unknownField: x\n" : "") + "    queueName: lq\n";
    }
    text += "kind: List\nmetadata:\n  resourceVersion: \"\"\n";
    std::vector<std::string> one = load(text, false, 200);
    for (std::size_t batch : {1u, 200u, 1000u}) {
        INFO("batch bytes " << batch);
        REQUIRE(parallel_to_the_end(text, batch));
        CHECK(load(text, true, batch) == one);
    }
}

namespace {

// What reached parse_objects' caller, in order: "take:<names>" for a batch ListBatchWork
// took, "sink:<name>" for an object handed to the sink.
struct NamesBatch : BatchResult {
    std::string names;
};

std::string name_of(const yaml::Node& n) {
    const yaml::Node* meta = n.get("metadata");
    const yaml::Node* name = meta ? meta->get("name") : nullptr;
    return name ? name->scalar : "?";
}

}  // namespace

TEST_CASE("ListBatchWork takes the batches it prepares, in order, and the sink gets the rest",
          "[model][loader][parallel]") {
    std::vector<std::string> items;
    for (int i = 0; i < 40; ++i) {
        items.push_back(json_workload(i));
    }
    const std::string text = json_list(items);
    LoadOptions opt;
    opt.list_batch_bytes = 1;  // one item per batch
    std::atomic<int> prepared{0};
    std::vector<std::string> seen;
    ListBatchWork work{
        [&](const std::vector<yaml::Node>& trees) -> std::unique_ptr<BatchResult> {
            ++prepared;
            std::string name = name_of(trees.at(0));
            if (name == "wl-7") {
                throw std::runtime_error("out of memory, say");  // the trees go to the sink instead
            }
            if (name.back() == '3') {
                return nullptr;  // declined
            }
            auto b = std::make_unique<NamesBatch>();
            for (const yaml::Node& t : trees) {
                b->names += name_of(t);
            }
            return b;
        },
        [&](BatchResult& r) { seen.push_back("take:" + static_cast<NamesBatch&>(r).names); }};
    DiagSink diags;
    parse_objects(7, text, diags, opt, [&](yaml::Node&& n) { seen.push_back("sink:" + name_of(n)); }, {}, &work);
    CHECK(diags.empty());
    CHECK(prepared.load() == 40);
    REQUIRE(seen.size() == 40);
    for (int i = 0; i < 40; ++i) {
        std::string name = "wl-" + std::to_string(i);
        bool to_sink = i == 7 || i % 10 == 3;
        CHECK(seen[static_cast<std::size_t>(i)] == (to_sink ? "sink:" : "take:") + name);
    }
}

TEST_CASE("Cluster::append puts every list after what was there, as if decoded after it", "[model][loader]") {
    Cluster whole, first, second;
    DiagSink diags;
    const std::string a = json_list({json_workload(1), json_object("v1", "Namespace", "ns-a"),
                                     json_object("v1", "ConfigMap", "cm", "team-a"),
                                     json_workload(2, "                \"bogus\": 1,\n")});
    const std::string b = json_list({json_workload(3, "                \"bogus\": 2,\n"),
                                     json_object("v1", "Namespace", "ns-b"),
                                     json_object("v1", "ConfigMap", "cm2", "team-a")});
    LoadOptions opt;
    opt.parallel_lists = false;
    load_text("a.json", a, whole, diags, opt);
    load_text("b.json", b, whole, diags, opt);
    load_text("a.json", a, first, diags, opt);
    second.files.add("a.json");  // so b.json is file 2 in `second` too, as in `whole`
    load_text("b.json", b, second, diags, opt);
    first.append(std::move(second));
    std::vector<std::string> got = kg::test::dump_cluster(first);
    std::vector<std::string> want = kg::test::dump_cluster(whole);
    CHECK(got == want);
    CHECK(first.documents == 7);
    CHECK(first.skipped_kinds.at("ConfigMap") == 2);
}

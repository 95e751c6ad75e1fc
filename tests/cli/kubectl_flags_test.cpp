// kubectl's spelling on every verb where it means something (issue 16 item 1): -n, -A, -l,
// `inspect KIND NAME`, -o as the format everywhere (report's old -o FILE still works, with a
// warning), and `version -o json|yaml`.
#include "tests/cli/run_kueuegov.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

using kg::test::printable;
using kg::test::Run;
namespace fs = std::filesystem;

namespace {

const std::string k_queues = std::string(KG_SOURCE_DIR) + "/testdata/cli/scope/queues.yaml";

fs::path scratch() {
    char tmpl[] = "/tmp/kg-flags-XXXXXX";
    REQUIRE(mkdtemp(tmpl) != nullptr);
    return tmpl;
}

Run kgr(std::vector<std::string> args, const fs::path& dir) {
    Run r = kg::test::run(args, dir);
    INFO("stderr: " << printable(r.err));
    return r;
}

}  // namespace

TEST_CASE("inspect KIND NAME shows one object, and -o name lists as kubectl does", "[cli][flags]") {
    const fs::path dir = scratch();
    Run r = kgr({"inspect", "clusterqueue", "team-b", "-f", k_queues}, dir);
    CHECK(r.rc == 0);
    CHECK(r.out.rfind("ClusterQueue team-b (cohort pool)\n", 0) == 0);
    CHECK(r.out.find("team-a") == std::string::npos);
    CHECK(r.out.find("LocalQueues: ns-b/train") != std::string::npos);

    r = kgr({"inspect", "cq/batch", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.rc == 0);
    CHECK(r.out == "clusterqueue.kueue.x-k8s.io/batch\n");

    r = kgr({"inspect", "cohort", "pool", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.out == "cohort.kueue.x-k8s.io/pool\n");
    r = kgr({"inspect", "cohort", "pool", "-f", k_queues}, dir);
    CHECK(r.out.rfind("Cohort pool\n", 0) == 0);
    CHECK(r.out.find("ClusterQueue team-a") != std::string::npos);
    CHECK(r.out.find("ClusterQueue batch") == std::string::npos);

    r = kgr({"inspect", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.out ==
          "cohort.kueue.x-k8s.io/pool\n"
          "clusterqueue.kueue.x-k8s.io/batch\nclusterqueue.kueue.x-k8s.io/team-a\nclusterqueue.kueue.x-k8s.io/team-b\n"
          "localqueue.kueue.x-k8s.io/batch\nlocalqueue.kueue.x-k8s.io/train\nlocalqueue.kueue.x-k8s.io/train\n");

    r = kgr({"inspect", "localqueues", "-n", "ns-a", "-f", k_queues, "-o", "json"}, dir);
    REQUIRE(r.rc == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["cohorts"].empty());
    REQUIRE(j["clusterQueues"].size() == 2);
    CHECK(j["clusterQueues"][0]["name"] == "batch");
    CHECK(j["clusterQueues"][1]["localQueues"][0]["namespace"] == "ns-a");

    r = kgr({"inspect", "localqueue", "ns-b/train", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.out == "localqueue.kueue.x-k8s.io/train\n");
    fs::remove_all(dir);
}

TEST_CASE("inspect -n keeps a namespace's queues and -l selects by label", "[cli][flags]") {
    const fs::path dir = scratch();
    Run r = kgr({"inspect", "-n", "ns-b", "-f", k_queues}, dir);
    CHECK(r.rc == 0);
    CHECK(r.out.find("ClusterQueue team-b") != std::string::npos);
    CHECK(r.out.find("team-a") == std::string::npos);
    CHECK(r.out.find("batch") == std::string::npos);

    r = kgr({"inspect", "-l", "tier=gpu,team!=a", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.out == "cohort.kueue.x-k8s.io/pool\nclusterqueue.kueue.x-k8s.io/team-b\nlocalqueue.kueue.x-k8s.io/train\n");

    r = kgr({"inspect", "-A", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.rc == 0);
    CHECK(r.out.find("clusterqueue.kueue.x-k8s.io/batch") != std::string::npos);

    r = kgr({"inspect", "localqueue", "-l", "team=b", "-f", k_queues, "-o", "name"}, dir);
    CHECK(r.out == "localqueue.kueue.x-k8s.io/train\n");
    fs::remove_all(dir);
}

TEST_CASE("scope errors name what was expected and exit 2", "[cli][flags]") {
    const fs::path dir = scratch();
    Run r = kgr({"inspect", "clusterqueue", "nope", "-f", k_queues}, dir);
    CHECK(r.rc == 2);
    CHECK(r.err == "kueuegov: error: no ClusterQueue named \"nope\" in the inputs\n");
    r = kgr({"inspect", "localqueue", "train", "-n", "ns-c", "-f", k_queues}, dir);
    CHECK(r.rc == 2);
    CHECK(r.err == "kueuegov: error: no LocalQueue named \"train\" in namespace \"ns-c\" in the inputs\n");
    r = kgr({"inspect", "-l", "team in (a", "-f", k_queues}, dir);
    CHECK(r.rc == 2);
    CHECK(r.err == "kueuegov: error: -l: selector \"team in (a\": expected ')' closing the value set at column 11, "
                   "found the end\n");
    r = kgr({"inspect", "-n", "ns-a", "-A", "-f", k_queues}, dir);
    CHECK(r.rc == 2);
    CHECK(r.err.find("excludes") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("simulate -n and -l narrow the decisions shown, explain -n names the namespace", "[cli][flags]") {
    const fs::path dir = scratch();
    Run all = kgr({"simulate", "-f", k_queues, "-o", "json"}, dir);
    REQUIRE(all.rc == 0);
    CHECK(all.out.find("ns-a/wl-a") != std::string::npos);
    CHECK(all.out.find("ns-b/wl-b") != std::string::npos);
    Run r = kgr({"simulate", "-f", k_queues, "-o", "json", "-n", "ns-b"}, dir);
    CHECK(r.rc == 0);
    CHECK(r.out.find("ns-a/wl-a") == std::string::npos);
    CHECK(r.out.find("ns-b/wl-b") != std::string::npos);
    r = kgr({"simulate", "-f", k_queues, "-o", "json", "-l", "app=llm"}, dir);
    CHECK(r.out.find("ns-a/wl-a") != std::string::npos);
    CHECK(r.out.find("ns-b/wl-b") == std::string::npos);

    Run a = kgr({"explain", "ns-a/wl-a", "-f", k_queues}, dir);
    Run b = kgr({"explain", "-n", "ns-a", "wl-a", "-f", k_queues}, dir);
    CHECK(a.rc == 0);
    CHECK(b.rc == 0);
    CHECK(a.out == b.out);
    r = kgr({"explain", "-n", "ns-a", "ns-a/wl-a", "-f", k_queues}, dir);
    CHECK(r.rc == 2);
    fs::remove_all(dir);
}

TEST_CASE("version -o json and yaml say what was built and which Kueue it understands", "[cli][version]") {
    const fs::path dir = scratch();
    Run r = kgr({"version", "-o", "json"}, dir);
    REQUIRE(r.rc == 0);
    auto j = nlohmann::json::parse(r.out);
    CHECK(j["version"].get<std::string>().find('.') != std::string::npos);
    CHECK(!j["commit"].get<std::string>().empty());
    // RFC 3339 UTC, as the build recorded it (SOURCE_DATE_EPOCH when set).
    CHECK(j["buildDate"].get<std::string>().size() == 20);
    CHECK(j["buildDate"].get<std::string>().back() == 'Z');
    CHECK(j["kueue"]["apiVersions"] == nlohmann::json::array({"kueue.x-k8s.io/v1beta1", "kueue.x-k8s.io/v1beta2"}));
    CHECK(!j["kueue"]["semantics"].get<std::string>().empty());
    CHECK(j["kueue"]["crdSchemas"]["commit"].get<std::string>().size() == 40);
    Run y = kgr({"version", "-o", "yaml"}, dir);
    CHECK(y.rc == 0);
    CHECK(y.out.find("buildDate: ") != std::string::npos);
    CHECK(y.out.find("  apiVersions:\n") != std::string::npos);
    Run t = kgr({"version"}, dir);
    CHECK(t.out.rfind("kueuegov " + j["version"].get<std::string>() + " (commit ", 0) == 0);
    CHECK(kgr({"version", "-o", "xml"}, dir).rc == 2);
    fs::remove_all(dir);
}

TEST_CASE("report: -o is the format, --output-file the file, old -o FILE warns", "[cli][flags]") {
    const fs::path dir = scratch();
    const std::string ex = std::string(KG_SOURCE_DIR) + "/testdata/examples";
    const std::vector<std::string> base{"report", "-f", ex, "--from", "2026-11-20T00:00:00Z", "--to",
                                        "2026-11-21T00:00:00Z", "--generated-at", "2026-11-21T01:00:00Z"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> a = base;
        a.insert(a.end(), extra.begin(), extra.end());
        return kgr(a, dir);
    };
    Run r = with({"-o", "json"});
    CHECK(r.rc == 0);
    CHECK(r.err.empty());
    CHECK(nlohmann::json::parse(r.out).is_object());
    CHECK_FALSE(fs::exists(dir / "json"));

    const std::string file = (dir / "q.html").string();
    r = with({"-o", "md", "--output-file", file});
    CHECK(r.rc == 0);
    CHECK(r.out.empty());
    CHECK(kg::test::slurp(file).rfind("# ", 0) == 0);

    r = with({"-o", file});
    CHECK(r.rc == 0);
    CHECK(r.err == "kueuegov: warning: report -o FILE is deprecated and will be removed in 0.2: -o is the format "
                   "(html, md, markdown or json); writing \"" + file + "\" as with --output-file " + file + "\n");
    CHECK(kg::test::slurp(file).find("<!DOCTYPE html>") != std::string::npos);

    r = with({"-o", file, "--output-file", file});
    CHECK(r.rc == 2);
    r = with({"--format", "json"});
    CHECK(r.rc == 0);
    CHECK(r.err == "kueuegov: warning: report --format is deprecated; use -o json\n");
    fs::remove_all(dir);
}

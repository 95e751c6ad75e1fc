// Live mode through the user's kubectl (issue 16 item 3). A fake kubectl (testdata/cli/live/
// kubectl) on PATH serves recorded exports and records its arguments, so the tests check both
// what kueuegov asked for and what it made of the answers: RBAC errors, kinds not served,
// kubectl absent, the visibility API, and the kubectl-kueuegov plugin name.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

const std::string k_fake_dir = std::string(KG_SOURCE_DIR) + "/testdata/cli/live";

struct Scratch {
    fs::path path;
    Scratch() {
        char tmpl[] = "/tmp/kg-live-XXXXXX";
        REQUIRE(mkdtemp(tmpl) != nullptr);
        path = tmpl;
    }
    ~Scratch() { fs::remove_all(path); }
    std::string log() const {
        std::ifstream in(path / "kubectl.log");
        std::ostringstream ss;
        ss << in.rdbuf();
        return ss.str();
    }
};

std::string quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

struct Out {
    int rc = -1;
    std::string out, err;
};

/// Runs `kueuegov ARGS` with the fake kubectl first on PATH and `env` (NAME=VALUE ...) set.
Out live(const Scratch& s, const std::string& args, const std::string& env = "",
         const std::string& path = k_fake_dir + ":/usr/bin:/bin") {
    const fs::path err = s.path / "stderr";
    std::string cmd = "env PATH=" + quote(path) + " KG_FAKE_KUBECTL_LOG=" + quote((s.path / "kubectl.log").string()) +
                      " " + env + " " + quote(KG_BINARY) + " " + args + " 2>" + quote(err.string());
    Out o;
    FILE* p = ::popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) o.out.append(buf, n);
    int status = ::pclose(p);
    o.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(err);
    std::ostringstream ss;
    ss << in.rdbuf();
    o.err = ss.str();
    return o;
}

const char* k_simulate_kinds =
    "clusterqueues.kueue.x-k8s.io,localqueues.kueue.x-k8s.io,resourceflavors.kueue.x-k8s.io,cohorts.kueue.x-k8s.io,"
    "admissionchecks.kueue.x-k8s.io,workloadpriorityclasses.kueue.x-k8s.io,workloads.kueue.x-k8s.io,namespaces,"
    "priorityclasses.scheduling.k8s.io,jobs.batch,topologies.kueue.x-k8s.io,nodes,pods";

}  // namespace

TEST_CASE("live verbs ask kubectl for exactly the kinds they read, with the user's context", "[cli][live]") {
    Scratch s;
    Out r = live(s, "inspect --live -o name");
    CHECK(r.rc == 0);
    CHECK(r.out.find("clusterqueue.kueue.x-k8s.io/team-nlp\n") != std::string::npos);
    CHECK(s.log() ==
          "get clusterqueues.kueue.x-k8s.io,localqueues.kueue.x-k8s.io,resourceflavors.kueue.x-k8s.io,"
          "cohorts.kueue.x-k8s.io,admissionchecks.kueue.x-k8s.io,workloads.kueue.x-k8s.io,jobs.batch "
          "--all-namespaces -o json\n");

    Scratch s2;
    r = live(s2, "simulate --context prod --kubeconfig /tmp/kc -o json");
    CHECK(r.rc == 0);
    CHECK(r.out.find("\"cycles\"") != std::string::npos);
    CHECK(s2.log() == std::string("--context prod --kubeconfig /tmp/kc get ") + k_simulate_kinds +
                          " --all-namespaces -o json\n");

    Scratch s3;
    r = live(s3, "lint --live --fail-on never");
    CHECK(r.rc == 0);
    CHECK(r.out.find("[KQ3002]") != std::string::npos);
    CHECK(s3.log().find("get clusterqueues.kueue.x-k8s.io,") == 0);
    CHECK(s3.log().find("workloads") == std::string::npos);  // lint reads no Workloads

    // The same answer as from the export on disk: live mode changes where, not what.
    Scratch s4;
    Out from_file = live(s4, "inspect -f " + quote(k_fake_dir + "/export.json") + " -o json");
    Out from_live = live(s4, "inspect --live -o json");
    CHECK(from_file.out == from_live.out);
}

TEST_CASE("explain live adds Kueue's visibility API positions when it answers", "[cli][live]") {
    Scratch s;
    Out r = live(s, "explain research/job-sweep-lr-0003-f6a7b --live");
    CHECK(r.rc == 0);
    CHECK(r.out.find("Kueue's visibility API (visibility.kueue.x-k8s.io/v1beta1): position 1 in its ClusterQueue, 1 "
                     "in LocalQueue research/experiments\n") != std::string::npos);
    // v1beta2 first (Kueue 0.20), then v1beta1.
    CHECK(s.log().find("get --raw /apis/visibility.kueue.x-k8s.io/v1beta2/namespaces/research/localqueues/experiments/"
                       "pendingworkloads\nget --raw /apis/visibility.kueue.x-k8s.io/v1beta1/") != std::string::npos);
    // A workload of a LocalQueue with no recorded answer: said, not guessed.
    r = live(s, "explain vision/pytorchjob-vit-pretrain-5d8e4 --live");
    CHECK(r.rc == 0);
    CHECK(r.out.find("Kueue's visibility API did not answer") != std::string::npos);
    // The same answers in JSON, for scripts; absent when nothing was asked (not live).
    r = live(s, "explain research/job-sweep-lr-0003-f6a7b --live -o json");
    CHECK(r.rc == 0);
    CHECK(r.out.find("\"visibility\": {\n    \"answered\": true,\n    \"apiVersion\": "
                     "\"visibility.kueue.x-k8s.io/v1beta1\",\n    \"positionInClusterQueue\": 1,\n    "
                     "\"positionInLocalQueue\": 1,\n    \"localQueue\": \"research/experiments\"\n  }") != std::string::npos);
    r = live(s, "explain vision/pytorchjob-vit-pretrain-5d8e4 --live -o json");
    CHECK(r.out.find("\"visibility\": {\n    \"answered\": false\n  }") != std::string::npos);
    r = live(s, "explain research/job-sweep-lr-0003-f6a7b -f " + quote(k_fake_dir + "/export.json") + " -o json");
    CHECK(r.rc == 0);
    CHECK(r.out.find("\"visibility\"") == std::string::npos);
}

TEST_CASE("live errors name the kind RBAC forbids or the cluster lacks, and an absent kubectl", "[cli][live]") {
    Scratch s;
    Out r = live(s, "simulate --live", "KG_FAKE_FORBID=workloads");
    CHECK(r.rc == 2);
    CHECK(r.err.rfind("kueuegov: error: kubectl may not list workloads.kueue.x-k8s.io in all namespaces (RBAC "
                      "forbids it)",
                      0) == 0);
    r = live(s, "inspect --live -o name", "KG_FAKE_MISSING=cohorts");
    CHECK(r.rc == 0);
    CHECK(r.err == "kueuegov: warning: the cluster serves no cohorts.kueue.x-k8s.io; reading without them\n");
    r = live(s, "inspect --live", "KG_FAKE_MISSING=clusterqueues");
    CHECK(r.rc == 2);
    CHECK(r.err.rfind("kueuegov: error: the cluster serves no clusterqueues.kueue.x-k8s.io (is Kueue installed", 0) ==
          0);
    r = live(s, "lint --live", "", "/nonexistent");
    CHECK(r.rc == 2);
    CHECK(r.err.rfind("kueuegov: error: kubectl is not on PATH", 0) == 0);
    r = live(s, "inspect");
    CHECK(r.rc == 2);
    CHECK(r.err.find("or --live/--context/--kubeconfig") != std::string::npos);
}

TEST_CASE("installed as kubectl-kueuegov, the binary works as a kubectl plugin", "[cli][live]") {
    Scratch s;
    fs::create_symlink(KG_BINARY, s.path / "kubectl-kueuegov");
    const std::string plugin_path = s.path.string() + ":" + k_fake_dir + ":/usr/bin:/bin";
    Out r = live(s, "version", "", plugin_path);  // sanity: the fake and the plugin dir on PATH
    REQUIRE(r.rc == 0);
    // Run as kubectl runs a plugin: by its name, found on PATH.
    std::string cmd = "env PATH=" + quote(plugin_path) + " KG_FAKE_KUBECTL_LOG=" +
                      quote((s.path / "kubectl.log").string()) +
                      " kubectl-kueuegov explain research/job-sweep-lr-0003-f6a7b --live 2>&1";
    FILE* p = ::popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    CHECK(::pclose(p) == 0);
    CHECK(out.find("position 1 in its ClusterQueue") != std::string::npos);
    // Through a real kubectl's plugin dispatch when one is installed (it needs no cluster to
    // find a plugin): `kubectl kueuegov version`.
    if (::access("/usr/bin/kubectl", X_OK) == 0) {
        std::string k = "env PATH=" + quote(s.path.string() + ":/usr/bin:/bin") + " /usr/bin/kubectl kueuegov version";
        FILE* q = ::popen(k.c_str(), "r");
        REQUIRE(q != nullptr);
        std::string v;
        while ((n = std::fread(buf, 1, sizeof buf, q)) > 0) v.append(buf, n);
        CHECK(::pclose(q) == 0);
        CHECK(v.rfind("kueuegov ", 0) == 0);
    } else {
        WARN("no /usr/bin/kubectl: kubectl's plugin dispatch not exercised");
    }
}

TEST_CASE("diff --live takes the work from the cluster and the policy from BASE and HEAD", "[cli][live]") {
    const std::string golden = std::string(KG_SOURCE_DIR) + "/testdata/cli/golden/diff-state-text";
    Scratch s;
    Out r = live(s, "diff " + quote(golden + "/base") + " " + quote(golden + "/head") + " --live --fail-on never");
    CHECK(r.rc == 0);
    CHECK(s.log() ==
          "get workloads.kueue.x-k8s.io,jobs.batch,namespaces,priorityclasses.scheduling.k8s.io "
          "--all-namespaces -o json\n");
    CHECK(r.out.find("effect on the exported workloads") != std::string::npos);
    CHECK(r.err.find("the live cluster") != std::string::npos);  // its queue objects are set aside
    // --fail-on-impact is accepted with --live alone.
    Scratch s2;
    r = live(s2, "diff " + quote(golden + "/base") + " " + quote(golden + "/head") +
                     " --context prod --fail-on never --fail-on-impact inactive");
    CHECK((r.rc == 0 || r.rc == 1));
    CHECK(s2.log().rfind("--context prod get workloads.kueue.x-k8s.io,", 0) == 0);
}

TEST_CASE("who-can --live reads the RBAC kinds and the queues that say where actions are asked", "[cli][live]") {
    const std::string kinds =
        "clusterroles.rbac.authorization.k8s.io,clusterrolebindings.rbac.authorization.k8s.io,"
        "roles.rbac.authorization.k8s.io,rolebindings.rbac.authorization.k8s.io,clusterqueues.kueue.x-k8s.io,"
        "localqueues.kueue.x-k8s.io,namespaces";
    Scratch s;
    Out r = live(s, "who-can --context prod --action change-clusterqueues");
    CHECK(r.rc == 0);
    CHECK(s.log() == "--context prod get " + kinds + " --all-namespaces -o json\n");
    CHECK(r.out.find("platform-admins") != std::string::npos);  // Kueue's batch admin role, bound cluster-wide

    // The same answer as from the export on disk, in every format.
    for (const char* o : {"text", "json", "md"}) {
        Scratch s2;
        Out from_file = live(s2, "who-can -f " + quote(k_fake_dir + "/export-rbac.json") + " -o " + o);
        Out from_live = live(s2, std::string("who-can --live -o ") + o);
        CHECK(from_live.rc == 0);
        // Positions name the source: the file, or the kubectl command that read the cluster.
        const std::string file = k_fake_dir + "/export-rbac.json", cmd = "kubectl get " + kinds + " -A -o json";
        for (auto at = from_file.out.find(file); at != std::string::npos; at = from_file.out.find(file, at + cmd.size()))
            from_file.out.replace(at, file.size(), cmd);
        CHECK(from_file.out == from_live.out);
        CHECK_FALSE(from_live.out.empty());
    }
    // --as through live mode: alice is bound to Kueue's batch admin role cluster-wide.
    r = live(s, "who-can --live --as alice@example.com --action change-clusterqueues");
    CHECK(r.rc == 0);
    r = live(s, "who-can --live --as nobody@example.com --action change-clusterqueues");
    CHECK(r.rc == 1);

    // RBAC forbids listing the roles: said, with the kind, exit 2.
    r = live(s, "who-can --live", "KG_FAKE_FORBID=clusterroles");
    CHECK(r.rc == 2);
    CHECK(r.err.rfind("kueuegov: error: kubectl may not list clusterroles.rbac.authorization.k8s.io", 0) == 0);
    // Neither files nor live mode: a usage error naming both ways.
    r = live(s, "who-can");
    CHECK(r.rc == 2);
    CHECK(r.err.find("who-can needs -f PATH") != std::string::npos);
}

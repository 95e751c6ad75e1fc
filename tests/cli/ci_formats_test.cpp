// The CI formats through the binary: SARIF URIs relative to --sarif-root with uriBaseId, and
// each verb's automationDetails.id; Code Quality from lint and audit check.
#include "tests/cli/run_kueuegov.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;
using kg::test::Run;
using kg::test::run;

namespace {

struct Scratch {
    fs::path dir;
    Scratch() {
        char tmpl[] = "/tmp/kg-ci-XXXXXX";
        REQUIRE(mkdtemp(tmpl) != nullptr);
        dir = tmpl;
    }
    ~Scratch() { fs::remove_all(dir); }
};

const std::string k_src = KG_SOURCE_DIR;
const std::string k_error = k_src + "/testdata/cli/exit-codes/error.yaml";

}  // namespace

TEST_CASE("lint -o sarif --sarif-root makes URIs relative to the root, with uriBaseId", "[cli][sarif]") {
    Scratch s;
    Run r = run({"lint", "-f", k_error, "-o", "sarif", "--sarif-root", k_src + "/testdata/../"}, s.dir);
    INFO(r.err);
    REQUIRE(r.rc == 1);
    auto j = nlohmann::json::parse(r.out);
    const auto& run0 = j["runs"][0];
    CHECK(run0["automationDetails"]["id"] == "kueuegov/lint/");
    CHECK(run0["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + k_src + "/");
    const auto& a = run0["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    CHECK(a["uri"] == "testdata/cli/exit-codes/error.yaml");
    CHECK(a["uriBaseId"] == "SRCROOT");

    // Without --sarif-root: relative to the working directory; this file is outside it.
    Run plain = run({"lint", "-f", k_error, "-o", "sarif"}, s.dir);
    auto p = nlohmann::json::parse(plain.out)["runs"][0];
    CHECK_FALSE(p.contains("originalUriBaseIds"));
    const auto& pa = p["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
    CHECK(pa["uri"] == "file://" + k_error);
    CHECK_FALSE(pa.contains("uriBaseId"));
}

TEST_CASE("--sarif-root must name a directory", "[cli][sarif]") {
    Scratch s;
    for (const char* verb : {"lint", "audit"}) {
        std::vector<std::string> args = std::string(verb) == "lint"
                                             ? std::vector<std::string>{"lint", "-f", k_error}
                                             : std::vector<std::string>{"audit", "check", "--db", "x.db"};
        args.insert(args.end(), {"-o", "sarif", "--sarif-root", (s.dir / "no-such").string()});
        Run r = run(args, s.dir);
        INFO(verb << ": " << r.err);
        CHECK(r.rc == 2);
        CHECK(r.err.find("--sarif-root expects a directory") != std::string::npos);
        CHECK(r.out.empty());
    }
}

TEST_CASE("lint and audit check write Code Quality JSON", "[cli][codeclimate]") {
    Scratch s;
    Run r = run({"lint", "-f", k_error, "-o", "codeclimate"}, s.dir);
    INFO(r.err);
    CHECK(r.rc == 1);  // exit codes as for every format
    auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.is_array());
    REQUIRE(!j.empty());
    for (const auto& i : j) {
        for (const char* k : {"description", "check_name", "fingerprint", "severity"}) {
            CHECK(i[k].is_string());
        }
        CHECK(i["location"]["path"].is_string());
        CHECK(i["location"]["lines"]["begin"].is_number_integer());
    }
    Run clean = run({"lint", "-f", k_src + "/testdata/cli/exit-codes/clean.yaml", "-o", "codeclimate"}, s.dir);
    CHECK(clean.rc == 0);
    CHECK(nlohmann::json::parse(clean.out) == nlohmann::json::array());

    const std::string db = (s.dir / "e.db").string();
    REQUIRE(run({"audit", "ingest", "--db", db, k_src + "/testdata/audit/check-history.jsonl"}, s.dir).rc == 0);
    Run check = run({"audit", "check", "--db", db, "-o", "codeclimate", "--fail-on", "never"}, s.dir);
    INFO(check.err);
    CHECK(check.rc == 0);
    auto h = nlohmann::json::parse(check.out);
    REQUIRE(h.is_array());
    CHECK(!h.empty());
    CHECK(h[0]["check_name"].get<std::string>().rfind("KQ5", 0) == 0);
}

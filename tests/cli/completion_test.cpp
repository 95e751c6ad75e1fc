// Shell completion from the CLI11 definitions (issue 16 item 4): bash is driven as the shell
// drives it (source the script, set COMP_WORDS and COMP_CWORD, call the function, read
// COMPREPLY); the __complete protocol is checked directly for what zsh, fish and kubectl read.
#include "tests/cli/run_kueuegov.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string shell(const std::string& script) {
    std::string out;
    FILE* p = ::popen(("bash -c " + kg::test::shell_quote(script) + " 2>&1").c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
    return out;
}

/// COMPREPLY, one per line, after completing the last of `words` (the program first) in bash.
std::string bash_complete(const kg::test::TempDir& d, const std::vector<std::string>& words) {
    const fs::path script = d.path / "kueuegov.bash";
    kg::test::Run gen = kg::test::run({"completion", "bash"}, d.path, script);
    REQUIRE(gen.rc == 0);
    std::string arr = "COMP_WORDS=(" + kg::test::shell_quote(KG_BINARY);
    for (std::size_t i = 1; i < words.size(); ++i) arr += " " + kg::test::shell_quote(words[i]);
    arr += ")";
    return shell("cd " + kg::test::shell_quote(d.path.string()) + " && source " + kg::test::shell_quote(script.string()) + " && " + arr +
                 " && COMP_CWORD=" + std::to_string(words.size() - 1) +
                 " && _kueuegov_complete && for w in \"${COMPREPLY[@]}\"; do printf '%s\\n' \"$w\"; done");
}

}  // namespace

TEST_CASE("bash completes verbs, subcommands, flags, -o values and rule ids", "[cli][completion]") {
    kg::test::TempDir d;
    CHECK(bash_complete(d, {"kueuegov", "in"}) == "inspect\n");
    CHECK(bash_complete(d, {"kueuegov", "audit", ""}) == "init-db\ningest\nverify\ncheck\ntimeline\nhead\nsign\n");
    CHECK(bash_complete(d, {"kueuegov", "audit", "t"}) == "timeline\n");
    CHECK(bash_complete(d, {"kueuegov", "inspect", "-o", ""}) == "text\nwide\njson\nyaml\nname\n");
    CHECK(bash_complete(d, {"kueuegov", "lint", "--fail-on", "w"}) == "warning\n");
    CHECK(bash_complete(d, {"kueuegov", "lint", "-f", "x.yaml", "--enable", "KQ300"}).rfind("KQ3001\nKQ3002\n", 0) == 0);
    CHECK(bash_complete(d, {"kueuegov", "audit", "check", "--disable", "KQ500"}).rfind("KQ5001\n", 0) == 0);
    CHECK(bash_complete(d, {"kueuegov", "version", "--o"}) == "--output\n");
    CHECK(bash_complete(d, {"kueuegov", "completion", ""}) == "bash\nzsh\nfish\n");
    CHECK(bash_complete(d, {"kueuegov", "inspect", "coh"}) == "cohort\n");
    CHECK(bash_complete(d, {"kueuegov", "inspect", "top"}) == "topology\n");
    // bash cuts `--output=js` at the '=' into three words; each piece is completed in place.
    CHECK(bash_complete(d, {"kueuegov", "inspect", "--output", "=", "js"}) == "json\n");
    CHECK(bash_complete(d, {"kueuegov", "inspect", "--output", "="}) == "=text\n=wide\n=json\n=yaml\n=name\n");
    CHECK(bash_complete(d, {"kueuegov", "lint", "--fail-on", "=", "w", }) == "warning\n");
    CHECK(bash_complete(d, {"kueuegov", "lint", "--fail-on", "=", "warning", "--o"}) == "--output\n");
    CHECK(bash_complete(d, {"kueuegov", "who-can", "--action", "change-c"}) == "change-clusterqueues\nchange-cohorts\n");
    CHECK(bash_complete(d, {"kueuegov", "who-can", "-o", ""}) == "text\njson\nmd\n");
    // lint and chargeback take inspect's scope flags (cli/scope_flags).
    CHECK(bash_complete(d, {"kueuegov", "lint", "--sel"}) == "--selector\n");
    CHECK(bash_complete(d, {"kueuegov", "chargeback", "--n"}) == "--namespace\n");
    // The hidden verb is never offered.
    CHECK(bash_complete(d, {"kueuegov", "__"}).empty());
}

TEST_CASE("bash falls back to file names where a path is expected, and only there", "[cli][completion]") {
    kg::test::TempDir d;
    std::ofstream(d.path / "queues.yaml") << "{}\n";
    CHECK(bash_complete(d, {"kueuegov", "lint", "-f", "que"}) == "queues.yaml\n");
    CHECK(bash_complete(d, {"kueuegov", "inspect", "que"}) == "queues.yaml\n");
    // -o takes a format: no file is ever offered there.
    CHECK(bash_complete(d, {"kueuegov", "lint", "-o", "que"}).empty());
    CHECK(bash_complete(d, {"kueuegov", "audit", "que"}).empty());
}

TEST_CASE("__complete speaks cobra's protocol, which kubectl's plugin completion reads", "[cli][completion]") {
    kg::test::TempDir d;
    kg::test::Run r = kg::test::run({"__complete", "diff", "-o", ""}, d.path);
    CHECK(r.rc == 0);
    CHECK(r.out == "text\nmarkdown\nmd\njson\n:4\n");
    r = kg::test::run({"__complete", "report", "--output="}, d.path);
    CHECK(r.out == "--output=html\n--output=md\n--output=json\n:4\n");
    r = kg::test::run({"__complete", "version", "--output=y"}, d.path);
    CHECK(r.out == "--output=yaml\n:4\n");
    r = kg::test::run({"__complete", "lint", "--help", ""}, d.path);
    CHECK(r.rc == 0);
    CHECK(r.out == ":0\n");
    r = kg::test::run({"__complete", "-"}, d.path);
    CHECK(r.out.find("--help\t") != std::string::npos);
    CHECK(r.out.find("--version\t") != std::string::npos);
    // The plugin's completion script hands its words to __complete.
    const fs::path plugin = fs::path(KG_SOURCE_DIR) / "scripts/completion/kubectl_complete-kueuegov";
    std::string out = shell("PATH=" + kg::test::shell_quote(fs::path(KG_BINARY).parent_path().string()) + ":$PATH " +
                            kg::test::shell_quote(plugin.string()) + " audit ti");
    CHECK(out == "timeline\tPrint one Workload's, Job's or queue's history with actors, times and the wait between "
                 "steps\n:4\n");
}

TEST_CASE("completion scripts exist for bash, zsh and fish, and nothing else", "[cli][completion]") {
    kg::test::TempDir d;
    for (const char* sh : {"bash", "zsh", "fish"}) {
        kg::test::Run r = kg::test::run({"completion", sh}, d.path);
        CHECK(r.rc == 0);
        CHECK(r.out.find("__complete") != std::string::npos);
    }
    CHECK(kg::test::run({"completion", "tcsh"}, d.path).rc == 2);
    CHECK(shell("bash -n <(" + kg::test::shell_quote(KG_BINARY) + " completion bash) && echo ok") == "ok\n");
}

TEST_CASE("--cluster completes the clusters of the store --db names", "[cli][completion]") {
    kg::test::TempDir d;
    const std::string db = (fs::path(d.path) / "e.db").string();
    const std::string log = (fs::path(KG_SOURCE_DIR) / "testdata/audit/lifecycle.jsonl").string();
    for (const char* c : {"prod-eu", "prod-us"}) kg::test::run({"audit", "ingest", "--db", db, "--cluster", c, log}, d.path);
    kg::test::Run r = kg::test::run({"__complete", "audit", "check", "--db", db, "--cluster", ""}, d.path);
    CHECK(r.out == "prod-eu\tcluster in the evidence store\nprod-us\tcluster in the evidence store\n:4\n");
    r = kg::test::run({"__complete", "chargeback", "--db=" + db, "--cluster", "prod-u"}, d.path);
    CHECK(r.out == "prod-us\tcluster in the evidence store\n:4\n");
    // No store, or not a store: nothing to offer, and no error.
    r = kg::test::run({"__complete", "audit", "timeline", "--cluster", ""}, d.path);
    CHECK(r.rc == 0);
    CHECK(r.out == ":4\n");
}

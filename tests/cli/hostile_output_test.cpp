// Issue 12: one hostile cluster and one hostile audit log (testdata/report/hostile/) through
// every verb and every -o format. Each output must hold the hostile text (so the check can
// fail) and no live payload: no raw ESC/BEL/CR/NUL/C1/bidi character, one GitHub command
// per finding line, no live Markdown link/image/HTML, no script or event handler in HTML or
// XML, no formula cell in CSV, and JSON that parses.
#include "tests/cli/run_kueuegov.h"
#include "tests/report/live_checks.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using kg::test::Run;
using kg::test::run;
using kg::test::slurp;

namespace {

std::string lines_live(const std::string& s, std::string (*check)(std::string_view)) {
    std::istringstream in(s);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (std::string e = check(line); !e.empty()) {
            return "line " + std::to_string(n) + ": " + e;
        }
    }
    return {};
}

/// The live-payload check for one output format.
std::string live(const std::string& format, const std::string& s) {
    using namespace kg::test;
    if (format == "github") {
        return lines_live(s, [](std::string_view l) { return github_line_live(l); });
    }
    if (format == "markdown") {
        return markdown_live(s, {"<details>", "</details>", "<summary>", "</summary>"});
    }
    if (format == "html" || format == "xml") {
        return markup_live(s);
    }
    if (format == "csv") {
        return csv_live(s);
    }
    if (format == "json") {
        return json_live(s);
    }
    if (format == "jsonl") {
        return lines_live(s, [](std::string_view l) { return json_live(l); });
    }
    return terminal_live(s, "\n");  // text, wide, yaml
}

/// Whether the output shows one of the hostile values at all (escaped or not).
bool shows_hostile(const std::string& s) {
    for (const char* mark : {"evil", "cmd|", "onerror", "INJECTED", "pipe"}) {
        if (s.find(mark) != std::string::npos) {
            return true;
        }
    }
    return false;
}

struct Case {
    std::string format;
    std::vector<std::string> args;
    bool expect_hostile = true;
};

void check_case(const Case& c, const fs::path& dir, std::size_t& checked) {
    Run r = run(c.args, dir);
    std::string cmd;
    for (const std::string& a : c.args) {
        cmd += " " + kg::test::printable(a);
    }
    INFO("kueuegov" << cmd << " (-o " << c.format << "), exit " << r.rc << "\nstderr: "
                    << kg::test::printable(r.err.substr(0, 600)));
    CHECK((r.rc == 0 || r.rc == 1));
    if (c.expect_hostile) {
        CHECK(shows_hostile(r.out));
    }
    std::string e = live(c.format, r.out);
    INFO("stdout: " << e);
    CHECK(e.empty());
    std::string ee = kg::test::terminal_live(r.err, "\n");
    INFO("stderr: " << ee);
    CHECK(ee.empty());
    ++checked;
}

}  // namespace


TEST_CASE("a hostile cluster through every verb and output format renders inert", "[cli][hostile]") {
    const fs::path hostile = fs::path(KG_SOURCE_DIR) / "testdata/report/hostile";
    const fs::path dir = fs::temp_directory_path() / ("kg-hostile-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string cluster = (hostile / "cluster.yaml").string();
    // The head side of a diff: the same cluster with more quota.
    std::string head_text = slurp(cluster);
    head_text.replace(head_text.find("nominalQuota: 64"), 16, "nominalQuota: 72");
    const std::string head = (dir / "head.yaml").string();
    std::ofstream(head, std::ios::binary) << head_text;
    const std::string from = "2026-11-01T00:00:00Z", to = "2026-11-22T00:00:00Z";
    const std::string workload = "+cmd|' /C calc'!A0/pending-\xe2\x80\xae-<svg onload=alert(1)>";

    std::vector<Case> cases;
    for (const char* o : {"text", "json", "sarif", "junit", "github", "codeclimate"}) {
        std::string f = std::string(o) == "sarif" || std::string(o) == "codeclimate" ? "json"
                        : std::string(o) == "junit"                                 ? "xml"
                                                                                    : o;
        cases.push_back({f, {"lint", "-f", cluster, "-o", o, "--fail-on", "never"}});
    }
    for (const char* o : {"text", "markdown", "json"}) {
        cases.push_back({o, {"diff", cluster, head, "-o", o}});
        // The cluster as the export too: its Workloads and Jobs under both policies.
        cases.push_back({o, {"diff", cluster, head, "--state", cluster, "-o", o}});
    }
    for (const char* o : {"text", "wide", "json", "yaml"}) {
        cases.push_back({o, {"inspect", "-f", cluster, "-o", o}});
    }
    for (const char* o : {"text", "json"}) {
        cases.push_back({o, {"simulate", "-f", cluster, "-o", o}});
        cases.push_back({o, {"explain", workload, "-f", cluster, "-o", o}});
    }
    for (const char* o : {"csv", "json", "focus"}) {
        cases.push_back({std::string(o) == "focus" ? "csv" : o,
                         {"chargeback", "-f", cluster, "--from", from, "--to", to, "-o", o}});
    }
    const std::string rbac = (hostile / "rbac.yaml").string();
    for (const char* o : {"text", "json", "md"}) {
        cases.push_back({std::string(o) == "md" ? "markdown" : o, {"who-can", "-f", cluster, "-f", rbac, "-o", o}});
        cases.push_back({std::string(o) == "md" ? "markdown" : o,
                         {"who-can", "-f", cluster, "-f", rbac, "-o", o, "--as", "evil\x1b[31m", "--as-group",
                          "x\n::warning::INJECTED 100%\r\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\"}});
    }
    for (const char* o : {"html", "md", "json"}) {
        cases.push_back({std::string(o) == "md" ? "markdown" : o,
                         {"report", "-f", cluster, "--from", from, "--to", to, "-o", o, "--generated-at", to}});
    }

    std::size_t checked = 0;
    for (const Case& c : cases) {
        check_case(c, dir, checked);
    }
    // Loader diagnostics quote the value and print the source line.
    Run bad = run({"inspect", "-f", (hostile / "bad-quantity.yaml").string()}, dir);
    CHECK(bad.rc == 2);
    CHECK(bad.err.find("found \"8\\x1b[2J\\x07\\x0d GPUs\"\n            nominalQuota: \"8\\e[2J") != std::string::npos);
    CHECK(kg::test::terminal_live(bad.err, "\n").empty());
    ++checked;
    CHECK(checked == cases.size() + 1);
    fs::remove_all(dir);
}

TEST_CASE("a hostile audit log through every audit verb and output format renders inert", "[cli][hostile]") {
    const fs::path hostile = fs::path(KG_SOURCE_DIR) / "testdata/report/hostile";
    const fs::path dir = fs::temp_directory_path() / ("kg-hostile-audit-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string db = (dir / "evidence.db").string();
    const std::string from = "2026-10-05T09:00:00Z", to = "2026-10-05T11:00:00Z";

    // Ingest: the summary on stdout, the bad lines' excerpts (raw ESC, BEL, CR) on stderr.
    Run ingest = run({"audit", "ingest", "--db", db, (hostile / "audit.jsonl").string()}, dir);
    CHECK(ingest.rc == 1);  // bad lines were skipped
    CHECK(ingest.err.find("\\x1b[2J\\x07\\x0d") != std::string::npos);
    CHECK(kg::test::terminal_live(ingest.out, "\n").empty());
    CHECK(kg::test::terminal_live(ingest.err, "\n").empty());

    std::vector<Case> cases;
    for (const char* o : {"text", "json", "sarif", "junit", "codeclimate"}) {
        const std::string f = std::string(o) == "text" ? "text" : std::string(o) == "junit" ? "xml" : "json";
        cases.push_back({f, {"audit", "check", "--db", db, "-o", o, "--fail-on", "never"}});
    }
    for (const char* o : {"text", "json"}) {
        cases.push_back({o, {"audit", "timeline", "Workload/ml/wl-\x1b[1m|pipe|`code`", "--db", db, "-o", o}});
        cases.push_back({o, {"audit", "timeline", "Job/ml/rogue", "--db", db, "-o", o}});
    }
    cases.push_back({"text", {"audit", "verify", "--db", db}, false});
    for (const char* o : {"csv", "json", "focus"}) {
        cases.push_back({std::string(o) == "focus" ? "csv" : o,
                         {"chargeback", "--db", db, "--from", from, "--to", to, "-o", o}});
    }
    for (const char* o : {"html", "md", "json"}) {
        cases.push_back({std::string(o) == "md" ? "markdown" : o,
                         {"report", "--db", db, "--from", from, "--to", to, "-o", o, "--generated-at", to}});
    }
    std::size_t checked = 0;
    for (const Case& c : cases) {
        check_case(c, dir, checked);
    }
    CHECK(checked == cases.size());
    fs::remove_all(dir);
}

// Every reader of every verb stops at a limit (issue 12): manifests, --policy, --baseline,
// --kueue-config, --prices, replay traces and generator files, report templates,
// --expect-head, keys, git: blobs and audit ingest sources, fed /dev/zero, an endless stdin,
// a FIFO or an oversized file. Each row must end (a hung reader fails the timeout), exit as
// documented and name the file and the limit on stderr.
#include "tests/cli/run_kueuegov.h"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace fs = std::filesystem;

namespace {

struct Row {
    const char* what;
    const char* args;   ///< @S@ = testdata, @T@ = scratch dir (holds e.db, big files, a FIFO)
    const char* stdin_path;  ///< nullptr: /dev/null
    int rc;
    const char* err;    ///< must appear in stderr (after @S@/@T@ expansion)
};

constexpr const char* k_clean = "@S@/cli/exit-codes/clean.yaml";
constexpr const char* k_small = " --max-input-bytes 100000";

// Small limits keep the rows fast; one row per family keeps the documented default.
const Row k_rows[] = {
    {"lint -f /dev/zero, default limit", "lint -f /dev/zero", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds the limit of 268435456 bytes per file (--max-input-bytes raises "
     "it); stopped reading there"},
    {"lint -f - on an endless stdin", "lint -f - --max-input-bytes 100000", "/dev/zero", 2,
     "<stdin>: error: cannot read: input exceeds the limit of 100000 bytes per file"},
    {"lint --policy /dev/zero", "lint @S@/cli/exit-codes/clean.yaml --policy /dev/zero --max-input-bytes 100000",
     nullptr, 2, "cannot read /dev/zero: input exceeds the limit of 100000 bytes per file (--max-input-bytes raises it)"},
    {"lint --baseline /dev/zero", "lint @S@/cli/exit-codes/clean.yaml --baseline /dev/zero --max-input-bytes 100000",
     nullptr, 2, "cannot read /dev/zero: input exceeds the limit of 100000 bytes per file"},
    {"lint --kueue-config /dev/zero",
     "lint @S@/cli/exit-codes/clean.yaml --kueue-config /dev/zero --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds the limit of 100000 bytes per file"},
    {"lint: the run limit counts the policy too",
     "lint @S@/cli/exit-codes/clean.yaml --policy @T@/big.yaml --max-total-input-bytes 3000", nullptr, 2,
     "cannot read @T@/big.yaml: input exceeds the limit of 3000 bytes per run (--max-total-input-bytes raises it)"},
    {"lint -f FIFO fed forever", "lint -f @T@/fifo --max-input-bytes 100000", nullptr, 2,
     "@T@/fifo: error: cannot read: input exceeds the limit of 100000 bytes per file"},
    {"inspect -f /dev/zero", "inspect -f /dev/zero --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds"},
    {"explain -f /dev/zero", "explain team-a/train -f /dev/zero --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds"},
    {"diff /dev/zero", "diff /dev/zero @S@/cli/exit-codes/clean.yaml --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds"},
    {"simulate --kueue-config /dev/zero",
     "simulate @S@/cli/exit-codes/clean.yaml --kueue-config /dev/zero --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds"},
    {"replay --trace /dev/zero", "replay --trace /dev/zero -f @S@/examples --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds the limit of 100000 bytes per file"},
    {"replay --trace - on an endless stdin", "replay --trace - -f @S@/examples --max-input-bytes 100000",
     "/dev/zero", 2, "<stdin>: error: cannot read: input exceeds the limit of 100000 bytes per file"},
    {"replay --generator /dev/zero", "replay --generator /dev/zero --max-input-bytes 100000", nullptr, 2,
     "/dev/zero: error: cannot read: input exceeds the limit of 100000 bytes per file"},
    {"replay -f /dev/zero", "replay --generator @S@/sim/golden/replay-generator/generator.yaml -f /dev/zero"
                            " --max-input-bytes 100000",
     nullptr, 2, "/dev/zero: error: cannot read: input exceeds"},
    {"replay: the run limit counts the trace",
     "replay --trace @T@/big.yaml -f @S@/cli/exit-codes/clean.yaml --max-total-input-bytes 3000", nullptr, 2,
     "@T@/big.yaml: error: cannot read: input exceeds the limit of 3000 bytes per run"},
    {"chargeback --prices /dev/zero",
     "chargeback -f @S@/examples --prices /dev/zero --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z"
     " --max-input-bytes 100000",
     nullptr, 2, "cannot read /dev/zero: input exceeds the limit of 100000 bytes per file"},
    {"report --policy /dev/zero",
     "report -f @S@/examples --policy /dev/zero --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z"
     " --max-input-bytes 100000",
     nullptr, 2, "cannot read /dev/zero: input exceeds the limit of 100000 bytes per file"},
    {"report --templates with an oversized template",
     "report -f @S@/cli/exit-codes/clean.yaml --templates @T@/templates --format md --from 2026-11-20T00:00:00Z"
     " --to 2026-11-21T00:00:00Z --max-input-bytes 1000",
     nullptr, 2, "cannot read template @T@/templates/report.md.mustache: input exceeds the limit of 1000 bytes"},
    {"audit check --policy /dev/zero", "audit check --db @T@/e.db --policy /dev/zero --max-input-bytes 100000",
     nullptr, 2, "cannot read /dev/zero: input exceeds the limit of 100000 bytes per file"},
    {"audit verify --expect-head /dev/zero",
     "audit verify --db @T@/e.db --expect-head /dev/zero --max-input-bytes 100000", nullptr, 2,
     "cannot read the file: input exceeds the limit of 100000 bytes per file"},
    {"audit sign --key /dev/zero", "audit sign --db @T@/e.db --key /dev/zero --max-input-bytes 100000", nullptr, 2,
     "cannot read key /dev/zero: input exceeds the limit of 100000 bytes per file"},
    {"audit ingest /dev/zero", "audit ingest --db @T@/z.db /dev/zero", nullptr, 2,
     "/dev/zero:1: expected an audit log or export, found a NUL byte in a line longer than 67108864 bytes"},
    {"audit ingest - on an endless stdin", "audit ingest --db @T@/z.db - --max-line-bytes 100000", "/dev/zero", 2,
     "<stdin>:1: expected an audit log or export, found a NUL byte in a line longer than 100000 bytes"},
    {"audit ingest of a line that never ends",
     "audit ingest --db @T@/z.db @T@/one-line.jsonl --max-line-bytes 1000 --max-input-bytes 5000", nullptr, 2,
     "@T@/one-line.jsonl:1: expected an audit log or export, found a line still not ended after 5000 bytes"},
    {"audit ingest of an oversized export", "audit ingest --db @T@/z.db @T@/big.yaml --max-input-bytes 3000", nullptr,
     2, "@T@/big.yaml: cannot read: input exceeds the limit of 3000 bytes per file (--max-input-bytes raises it"},
    {"lint --max-mapping-keys", "lint @T@/keys.yaml --max-mapping-keys 30", nullptr, 2,
     "more than 30 keys: expected a Kubernetes object, found a runaway mapping (--max-mapping-keys raises the limit)"},
    {"lint --max-nodes-per-object", "lint @T@/keys.yaml --max-nodes-per-object 50", nullptr, 2,
     "nodes: expected a Kubernetes object, found a runaway document (--max-nodes-per-object raises the limit)"},
    {"lint --max-mapping-keys raised", "lint @T@/keys.yaml --max-mapping-keys 100", nullptr, 0, ""},
};

std::string expand(std::string s, const fs::path& scratch) {
    const std::pair<std::string, std::string> subst[] = {
        {"@S@", std::string(KG_SOURCE_DIR) + "/testdata"},
        {"@T@", scratch.string()},
    };
    for (const auto& [from, to] : subst) {
        for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
            s.replace(at, from.size(), to);
        }
    }
    return s;
}

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c == ' ') {
            if (!cur.empty()) out.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// Runs kueuegov with stdin from `in`, killing it after `limit` (a reader that never stops).
kg::test::Run run_bounded(const std::vector<std::string>& args, const std::string& in, const fs::path& dir,
                          std::chrono::seconds limit) {
    fs::path out = dir / "stdout", err = dir / "stderr";
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, in.c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    std::vector<std::string> argv_s{KG_BINARY};
    argv_s.insert(argv_s.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : argv_s) argv.push_back(a.data());
    argv.push_back(nullptr);
    kg::test::Run r;
    pid_t pid = 0;
    if (posix_spawn(&pid, KG_BINARY, &fa, nullptr, argv.data(), environ) == 0) {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        int status = 0;
        for (;;) {
            if (waitpid(pid, &status, WNOHANG) == pid) {
                r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
                break;
            }
            if (std::chrono::steady_clock::now() > deadline) {
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
                r.rc = -2;  // did not stop
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }
    posix_spawn_file_actions_destroy(&fa);
    r.out = kg::test::slurp(out);
    r.err = kg::test::slurp(err);
    return r;
}

// Feeds the FIFO zeros until the reader closes it (or the deadline passes with no reader).
void feed_fifo(const fs::path& fifo, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int fd = -1;
    while (fd < 0 && std::chrono::steady_clock::now() < deadline) {
        fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);  // fails until a reader opens it
        if (fd < 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (fd < 0) return;
    fcntl(fd, F_SETFL, 0);  // blocking writes from here
    const std::string zeros(1 << 16, '\0');
    while (::write(fd, zeros.data(), zeros.size()) > 0 && std::chrono::steady_clock::now() < deadline) {
    }
    ::close(fd);
}

}  // namespace

TEST_CASE("every reader stops at its limit on /dev/zero, endless streams and oversized files", "[cli][limits]") {
    std::signal(SIGPIPE, SIG_IGN);  // the FIFO feeder writes after the reader gave up
    char tmpl[] = "/tmp/kg-readers-XXXXXX";
    REQUIRE(mkdtemp(tmpl) != nullptr);
    const fs::path scratch = tmpl;
    // A store to verify and sign against, oversized inputs, a one-line log, a many-key manifest.
    REQUIRE(run_bounded({"audit", "ingest", "--db", (scratch / "e.db").string(),
                         std::string(KG_SOURCE_DIR) + "/testdata/audit/check-history.jsonl"},
                        "/dev/null", scratch, std::chrono::seconds(60))
                .rc == 0);
    {
        std::ofstream big(scratch / "big.yaml");
        big << "# padding\n" << std::string(4000, '#') << "\n";
    }
    std::ofstream(scratch / "one-line.jsonl") << std::string(20000, 'x');
    fs::create_directories(scratch / "templates");
    std::ofstream(scratch / "templates/report.md.mustache") << std::string(2000, 'x');
    {
        std::ofstream keys(scratch / "keys.yaml");
        keys << "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: many\ndata:\n";
        for (int i = 0; i < 40; ++i) keys << "  k" << i << ": v\n";
    }
    REQUIRE(mkfifo((scratch / "fifo").c_str(), 0600) == 0);

    for (const Row& r : k_rows) {
        const std::string args = expand(r.args, scratch);
        INFO(r.what << ": kueuegov " << args);
        std::thread feeder;
        if (args.find("/fifo") != std::string::npos) {
            feeder = std::thread(feed_fifo, scratch / "fifo", std::chrono::seconds(60));
        }
        const kg::test::Run run =
            run_bounded(split(args), r.stdin_path ? r.stdin_path : "/dev/null", scratch, std::chrono::seconds(120));
        if (feeder.joinable()) feeder.join();
        INFO("stderr: " << kg::test::printable(run.err) << "\nstdout: " << kg::test::printable(run.out.substr(0, 2000)));
        CHECK(run.rc == r.rc);
        // lint reports input errors as KQ1000 findings on stdout, the other verbs on stderr.
        CHECK((run.err + run.out).find(expand(r.err, scratch)) != std::string::npos);
    }
    fs::remove_all(scratch);
}

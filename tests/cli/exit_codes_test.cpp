// The exit status of every verb, as man/kueuegov*.1 and the README document it: 0 ok,
// 1 findings at or above --fail-on (or a verb's documented "1" case), 2 usage error or
// unreadable/invalid input, whatever --fail-on says, 3 the store's PostgreSQL server cannot be
// reached. One row per verb and code.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {

struct Row {
    const char* what;
    const char* args;  ///< @D@ = testdata/cli/exit-codes, @S@ = testdata, @T@ = a scratch dir
    int rc;
};

// Rows that need an evidence store run after `audit ingest` of the check history into @T@/e.db.
const Row k_rows[] = {
    {"lint clean", "lint @D@/clean.yaml", 0},
    {"lint error finding", "lint @D@/error.yaml", 1},
    {"lint error finding, --fail-on never", "lint @D@/error.yaml --fail-on never", 0},
    {"lint warning under default --fail-on", "lint @D@/warning.yaml", 0},
    {"lint warning under --fail-on warning", "lint @D@/warning.yaml --fail-on warning", 1},
    {"lint invalid UTF-8", "lint @D@/bad-utf8.yaml", 2},
    {"lint invalid UTF-8, --fail-on never", "lint @D@/bad-utf8.yaml --fail-on never", 2},
    {"lint invalid UTF-8, -o sarif", "lint @D@/bad-utf8.yaml -o sarif --fail-on never", 2},
    {"lint invalid UTF-8, -o codeclimate", "lint @D@/bad-utf8.yaml -o codeclimate --fail-on never", 2},
    {"lint error finding, -o codeclimate", "lint @D@/error.yaml -o codeclimate", 1},
    {"lint error finding, -o junit --fail-on never", "lint @D@/error.yaml -o junit --fail-on never", 0},
    {"lint --sarif-root not a directory", "lint @D@/clean.yaml -o sarif --sarif-root @D@/clean.yaml", 2},
    {"lint missing file", "lint @D@/no-such.yaml", 2},
    {"lint unknown rule", "lint @D@/clean.yaml --enable KQ9999", 2},
    // -n/-l narrow what is reported, and so what fails the run: the error is on a ClusterQueue.
    {"lint error finding outside -n", "lint @D@/error.yaml -n team-a", 0},
    {"lint -n with -A", "lint @D@/clean.yaml -n team-a -A", 2},
    {"lint malformed -l", "lint @D@/clean.yaml -l a=b=c", 2},
    {"lint bad --fail-on", "lint @D@/clean.yaml --fail-on sometimes", 2},
    {"diff unchanged", "diff @D@/clean.yaml @D@/clean.yaml", 0},
    {"diff head fixes an error", "diff @D@/error.yaml @D@/clean.yaml", 0},
    {"diff head introduces an error", "diff @D@/clean.yaml @D@/error.yaml", 1},
    {"diff head introduces an error, --fail-on never", "diff @D@/clean.yaml @D@/error.yaml --fail-on never", 0},
    {"diff head introduces a warning", "diff @D@/clean.yaml @D@/warning.yaml", 0},
    {"diff head introduces a warning, --fail-on warning", "diff @D@/clean.yaml @D@/warning.yaml --fail-on warning", 1},
    {"diff invalid UTF-8", "diff @D@/clean.yaml @D@/bad-utf8.yaml --fail-on never", 2},
    {"diff missing git revision", "diff git:no-such-revision-xyz @D@/clean.yaml", 2},
    {"simulate clean", "simulate @D@/clean.yaml @D@/job.yaml", 0},
    {"simulate invalid UTF-8", "simulate @D@/bad-utf8.yaml", 2},
    {"simulate with a Configuration Kueue refuses",
     "simulate @D@/clean.yaml --kueue-config @S@/lint/rules/KQ1023-invalid-kueue-config/fires.yaml", 2},
    {"lint with a Configuration Kueue refuses (a finding)",
     "lint @D@/clean.yaml --kueue-config @S@/lint/rules/KQ1023-invalid-kueue-config/fires.yaml", 1},
    {"inspect clean", "inspect @D@/clean.yaml", 0},
    {"inspect invalid UTF-8", "inspect @D@/bad-utf8.yaml", 2},
    {"inspect one ClusterQueue", "inspect clusterqueue team-a -f @S@/cli/scope/queues.yaml", 0},
    {"inspect a ClusterQueue not in the inputs", "inspect clusterqueue nope -f @S@/cli/scope/queues.yaml", 2},
    {"inspect -n with -A", "inspect -n ns-a -A -f @S@/cli/scope/queues.yaml", 2},
    {"inspect bad selector", "inspect -l 'a in' -f @S@/cli/scope/queues.yaml", 2},
    {"who-can answered", "who-can -f @S@/rbac/kubernetes-bootstrap.yaml -f @S@/rbac/bindings.yaml", 0},
    {"who-can --as, allowed", "who-can -f @S@/rbac/kubernetes-bootstrap.yaml -f @S@/rbac/bindings.yaml -f @S@/rbac/queues.yaml --as bob@example.com --action rewrite-queue-name", 0},
    {"who-can --as, refused", "who-can -f @S@/rbac/kubernetes-bootstrap.yaml -f @S@/rbac/bindings.yaml --as mallory", 1},
    {"who-can unknown action", "who-can -f @S@/rbac/bindings.yaml --action change-everything", 2},
    {"who-can --as-group without --as", "who-can -f @S@/rbac/bindings.yaml --as-group oncall", 2},
    {"who-can invalid UTF-8", "who-can @D@/bad-utf8.yaml", 2},
    {"who-can missing file", "who-can @D@/no-such.yaml", 2},
    {"explain found", "explain team-a/train -f @D@/clean.yaml -f @D@/job.yaml", 0},
    {"explain not found", "explain team-a/nope -f @D@/clean.yaml -f @D@/job.yaml", 2},
    {"explain invalid UTF-8", "explain team-a/train -f @D@/bad-utf8.yaml -f @D@/job.yaml", 2},
    {"replay trace", "replay --trace @S@/sim/golden/replay-trace-compare/trace.yaml -f @S@/examples/flavors.yaml "
                     "-f @S@/examples/cohort-and-queues.yaml -f @S@/examples/namespaces.yaml", 0},
    {"replay invalid UTF-8", "replay --trace @S@/sim/golden/replay-trace-compare/trace.yaml -f @D@/bad-utf8.yaml", 2},
    {"chargeback", "chargeback -f @S@/examples --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z", 0},
    {"chargeback -n without --by namespace or localqueue",
     "chargeback -f @S@/examples --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z -n nlp", 2},
    {"chargeback -n", "chargeback -f @S@/examples --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z -n nlp --by namespace", 0},
    {"chargeback invalid UTF-8", "chargeback -f @D@/bad-utf8.yaml --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z", 2},
    {"report", "report -f @S@/examples --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z -o md", 0},
    {"report invalid UTF-8", "report -f @D@/bad-utf8.yaml --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z", 2},
    {"audit init-db", "audit init-db --db @T@/n.db", 0},
    {"audit init-db --roles on SQLite", "audit init-db --db @T@/r.db --roles", 2},
    {"audit init-db unreachable server", "audit init-db --db postgresql://kg@/ev?host=@T@/no-socket", 3},
    {"audit ingest", "audit ingest --db @T@/i.db @S@/audit/check-history.jsonl", 0},
    {"audit ingest with a bad line", "audit ingest --db @T@/j.db @S@/audit/lifecycle.jsonl", 1},
    {"audit ingest unreadable", "audit ingest --db @T@/i.db @D@/no-such.jsonl", 2},
    {"audit verify", "audit verify --db @T@/e.db", 0},
    {"audit verify missing store", "audit verify --db @T@/no-such.db", 2},
    {"audit verify unreachable server", "audit verify --db postgresql://kg@/ev?host=@T@/no-socket", 3},
    {"audit ingest unreachable server", "audit ingest --db postgres://kg@/ev?host=@T@/no-socket @S@/audit/check-history.jsonl", 3},
    {"audit check malformed URL", "audit check --db postgresql://kg@/ev?port=notanumber", 2},
    {"audit check unknown URL option", "audit check --db postgresql://kg@/ev?colour=blue", 2},
    {"chargeback unreachable server",
     "chargeback --db postgresql://kg@/ev?host=@T@/no-socket --from 2026-10-01T00:00:00Z --to 2026-11-01T00:00:00Z", 3},
    {"audit check findings", "audit check --db @T@/e.db --fail-on warning", 1},
    {"audit check --fail-on never", "audit check --db @T@/e.db --fail-on never", 0},
    {"audit check missing store", "audit check --db @T@/no-such.db", 2},
    {"audit check -o codeclimate findings", "audit check --db @T@/e.db -o codeclimate --fail-on warning", 1},
    {"audit check --sarif-root missing", "audit check --db @T@/e.db -o sarif --sarif-root @T@/no-such-dir", 2},
    {"audit timeline", "audit timeline team-a/job-eval-0a1b2 --db @T@/e.db", 0},
    {"audit timeline no history", "audit timeline team-a/missing --db @T@/e.db", 1},
    {"audit timeline -n NAME", "audit timeline -n team-a job-eval-0a1b2 --db @T@/e.db", 0},
    {"audit timeline -n with NAMESPACE/NAME", "audit timeline -n team-a team-a/job-eval-0a1b2 --db @T@/e.db", 2},
    {"version", "version", 0},
    {"version -o json", "version -o json", 0},
    {"version -o unknown format", "version -o xml", 2},
    {"report -o FILE (deprecated)", "report -f @S@/examples --from 2026-11-20T00:00:00Z --to 2026-11-21T00:00:00Z "
                                    "-o @T@/r.html", 0},
    {"unknown verb", "frobnicate", 2},
};

std::string expand(std::string s, const fs::path& scratch) {
    const std::pair<std::string, std::string> subst[] = {
        {"@D@", std::string(KG_SOURCE_DIR) + "/testdata/cli/exit-codes"},
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

int run(const std::string& args, const fs::path& scratch) {
    // From the scratch dir, so `git:` sources read a directory that is no repository's work tree.
    std::string cmd = "cd '" + scratch.string() + "' && '" + std::string(KG_BINARY) + "' " + expand(args, scratch) +
                      " >/dev/null 2>&1 </dev/null";
    int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("every verb exits as documented") {
    char tmpl[] = "/tmp/kg-exit-XXXXXX";
    REQUIRE(mkdtemp(tmpl) != nullptr);
    const fs::path scratch = tmpl;
    REQUIRE(run("audit ingest --db @T@/e.db @S@/audit/check-history.jsonl", scratch) == 0);
    for (const Row& r : k_rows) {
        INFO(r.what << ": kueuegov " << r.args);
        CHECK(run(r.args, scratch) == r.rc);
    }
    fs::remove_all(scratch);
}

TEST_CASE("diff: a git: path that does not exist at the revision is an error") {
    char tmpl[] = "/tmp/kg-exit-git-XXXXXX";
    REQUIRE(mkdtemp(tmpl) != nullptr);
    const fs::path repo = tmpl;
    fs::create_directories(repo / "queues");
    fs::copy_file(fs::path(KG_SOURCE_DIR) / "testdata/cli/exit-codes/clean.yaml", repo / "queues/clean.yaml");
    const std::string git = "cd '" + repo.string() + "' && git init -q && git add . && git -c user.name=t "
                            "-c user.email=t@example.com commit -qm base >/dev/null 2>&1";
    REQUIRE(std::system(git.c_str()) == 0);
    CHECK(run("diff git:HEAD:queues/ queues/", repo) == 0);
    CHECK(run("diff git:HEAD:no-such-dir/ queues/", repo) == 2);
    CHECK(run("diff git:HEAD:queues/ git:HEAD:no-such-dir/", repo) == 2);
    fs::remove_all(repo);
}

// zsh and fish completion driven for real (issue 16 item 2), as completion_test.cpp drives bash:
// zsh through its completion system (compinit, the generated _kueuegov, a TAB typed in a zpty:
// tests/cli/zsh_complete.zsh), fish through `complete -C` after sourcing the generated script.
// The binary is found on PATH as `kueuegov`, as a user's shell finds it.
#include "tests/cli/run_kueuegov.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

namespace fs = std::filesystem;

namespace {

/// stdout of `sh -c script` in `dir`, with the binary's directory first on PATH.
std::string run_sh(const kg::test::TempDir& d, const std::string& script) {
    const std::string cmd = "cd " + kg::test::shell_quote(d.path.string()) + " && PATH=" +
                            kg::test::shell_quote(fs::path(KG_BINARY).parent_path().string()) + ":\"$PATH\" " + script +
                            " 2>/dev/null";
    std::string out;
    FILE* p = ::popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
    return out;
}

fs::path script_for(const kg::test::TempDir& d, const char* shell) {
    const fs::path script = d.path / (std::string("kueuegov.") + shell);
    REQUIRE(kg::test::run({"completion", shell}, d.path, script).rc == 0);
    return script;
}

/// The matches zsh offers for the typed line (values, one per line, in zsh's order).
std::string zsh_complete(const kg::test::TempDir& d, const std::string& typed) {
    const fs::path harness = fs::path(KG_SOURCE_DIR) / "tests/cli/zsh_complete.zsh";
    return run_sh(d, "timeout 60 zsh -f " + kg::test::shell_quote(harness.string()) + " " +
                         kg::test::shell_quote(script_for(d, "zsh").string()) + " " + kg::test::shell_quote(typed));
}

/// The candidates fish offers for the typed line, values only (fish prints value TAB description).
std::string fish_complete(const kg::test::TempDir& d, const std::string& typed) {
    const std::string out = run_sh(d, "timeout 60 fish --no-config -c " +
                                          kg::test::shell_quote("source " + kg::test::shell_quote(script_for(d, "fish").string()) +
                                                   "; complete -C " + kg::test::shell_quote(typed)));
    std::string values;
    std::size_t start = 0;
    while (start < out.size()) {
        std::size_t nl = out.find('\n', start);
        const std::string line = out.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        values += line.substr(0, line.find('\t')) + "\n";
        start = nl == std::string::npos ? out.size() : nl + 1;
    }
    return values;
}

bool has_line(const std::string& lines, const std::string& want) {
    return ("\n" + lines).find("\n" + want + "\n") != std::string::npos;
}

}  // namespace

TEST_CASE("zsh completes verbs, subcommands, flags, -o values and rule ids through compinit", "[cli][completion]") {
    kg::test::TempDir d;
    // compadd is handed the binary's order (zsh sorts only for display).
    CHECK(zsh_complete(d, "kueuegov in") == "inspect\n");
    CHECK(zsh_complete(d, "kueuegov audit ") == "init-db\ningest\nverify\ncheck\ntimeline\nhead\nsign\n");
    CHECK(zsh_complete(d, "kueuegov inspect -o ") == "text\nwide\njson\nyaml\nname\n");
    CHECK(zsh_complete(d, "kueuegov lint --fail-on w") == "warning\n");
    const std::string rules = zsh_complete(d, "kueuegov lint -f x.yaml --enable KQ300");
    CHECK(has_line(rules, "KQ3001"));
    CHECK(has_line(rules, "KQ3002"));
    CHECK(zsh_complete(d, "kueuegov audit check --disable KQ500").rfind("KQ5001\n", 0) == 0);
    CHECK(zsh_complete(d, "kueuegov completion ") == "bash\nzsh\nfish\n");
    // The scope flags lint and chargeback share with inspect (cli/scope_flags).
    CHECK(zsh_complete(d, "kueuegov lint --sel") == "--selector\n");
    CHECK(zsh_complete(d, "kueuegov chargeback --all") == "--all-namespaces\n");
    // Where a file is expected, zsh's own file completion; never for -o.
    std::ofstream(d.path / "queues.yaml") << "{}\n";
    CHECK(zsh_complete(d, "kueuegov lint -f que") == "queues.yaml\n");
    CHECK(zsh_complete(d, "kueuegov lint -o que").empty());
}

TEST_CASE("fish completes verbs, subcommands, flags, -o values and rule ids through complete -C", "[cli][completion]") {
    kg::test::TempDir d;
    // fish sorts the candidates.
    CHECK(fish_complete(d, "kueuegov in") == "inspect\n");
    CHECK(fish_complete(d, "kueuegov audit ") == "check\nhead\ningest\ninit-db\nsign\ntimeline\nverify\n");
    CHECK(fish_complete(d, "kueuegov inspect -o ") == "json\nname\ntext\nwide\nyaml\n");
    CHECK(fish_complete(d, "kueuegov lint --fail-on w") == "warning\n");
    CHECK(fish_complete(d, "kueuegov lint -f x.yaml --enable KQ300").rfind("KQ3001\nKQ3002\n", 0) == 0);
    CHECK(fish_complete(d, "kueuegov audit check --disable KQ500").rfind("KQ5001\n", 0) == 0);
    CHECK(fish_complete(d, "kueuegov version --o") == "--output\n");
    CHECK(fish_complete(d, "kueuegov completion ") == "bash\nfish\nzsh\n");
    CHECK(fish_complete(d, "kueuegov lint --sel") == "--selector\n");
    CHECK(fish_complete(d, "kueuegov chargeback --all") == "--all-namespaces\n");
    CHECK(fish_complete(d, "kueuegov inspect --output=js") == "--output=json\n");
    std::ofstream(d.path / "queues.yaml") << "{}\n";
    CHECK(fish_complete(d, "kueuegov lint -f que") == "queues.yaml\n");
    CHECK(fish_complete(d, "kueuegov lint -o que").empty());
}

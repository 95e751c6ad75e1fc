// `kueuegov diff git:REV git:REV` reads both sides from a repository's history. The test
// builds a throwaway repository with two commits (the base and head of the diff-review
// golden case) and checks that the Markdown and JSON outputs equal that case's goldens
// once the labels and file names name the directories instead of the revisions.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// Runs a shell command, returns its stdout; `rc` gets the exit status.
std::string capture(const std::string& cmd, int& rc) {
    std::string out;
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::array<char, 4096> buf{};
    std::size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) {
        out.append(buf.data(), n);
    }
    int status = pclose(p);
    rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
        s.replace(at, from.size(), to);
    }
}

/// git:REV labels and REV:file names -> the directory spellings of the golden case.
std::string as_directories(std::string s, const std::string& base, const std::string& head) {
    replace_all(s, "git:HEAD~1", base);
    replace_all(s, "git:HEAD", head);
    replace_all(s, "HEAD~1:", base + "/");
    replace_all(s, "HEAD:", head + "/");
    return s;
}

struct TempRepo {
    fs::path dir;
    TempRepo() {
        std::string tmpl = (fs::temp_directory_path() / "kueuegov-diff-git-XXXXXX").string();
        REQUIRE(mkdtemp(tmpl.data()) != nullptr);
        dir = tmpl;
    }
    ~TempRepo() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
};

}  // namespace

TEST_CASE("diff git:HEAD~1 git:HEAD equals the directory diff of the same two trees", "[cli][diff][git]") {
    const fs::path golden = fs::path(KG_SOURCE_DIR) / "testdata/cli/golden";
    const fs::path sides = golden / "diff-review-markdown";
    TempRepo repo;
    const std::string git = "cd '" + repo.dir.string() +
                            "' && git -c user.name=kueuegov -c user.email=test@kueuegov.invalid -c commit.gpgsign=false ";
    int rc = 0;
    capture("cd '" + repo.dir.string() + "' && git init -q 2>&1", rc);
    REQUIRE(rc == 0);
    fs::copy_file(sides / "base/queues.yaml", repo.dir / "queues.yaml");
    capture(git + "add queues.yaml && " + git + "commit -qm base 2>&1", rc);
    REQUIRE(rc == 0);
    fs::copy_file(sides / "head/queues.yaml", repo.dir / "queues.yaml", fs::copy_options::overwrite_existing);
    capture(git + "commit -qam head 2>&1", rc);
    REQUIRE(rc == 0);

    const std::string bin = "cd '" + repo.dir.string() + "' && '" + std::string(KG_BINARY) + "' diff git:HEAD~1 git:HEAD";
    // The head introduces error findings: diff exits 1 under the default --fail-on error.
    std::string md = capture(bin + " -o markdown", rc);
    CHECK(rc == 1);
    CHECK(as_directories(md, "base", "head") == slurp(sides / "expected.stdout"));

    std::string js = capture(bin + " -o json", rc);
    CHECK(rc == 1);
    CHECK(as_directories(js, "../diff-review-markdown/base", "../diff-review-markdown/head") ==
          slurp(golden / "diff-review-json/expected.stdout"));

    // A revision the repository does not have is an input error (exit 2), not an empty side.
    capture(bin.substr(0, bin.find(" diff ")) + " diff git:no-such-rev git:HEAD -o json 2>/dev/null", rc);
    CHECK(rc == 2);
}

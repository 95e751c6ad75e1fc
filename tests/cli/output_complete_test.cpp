// Issue 12: output is complete or the command fails. A short write (here /dev/full) exits 2
// with a message naming the output; files are written whole through a temporary file and a
// rename, so a failure leaves no partial file; links and devices are written through.
#include "tests/cli/run_kueuegov.h"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using kg::test::Run;
using kg::test::run;
using kg::test::slurp;

namespace {

struct Scratch {
    fs::path dir;
    explicit Scratch(const std::string& name)
        : dir(fs::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    ~Scratch() { fs::remove_all(dir); }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
};

const std::string k_examples = std::string(KG_SOURCE_DIR) + "/testdata/examples";
const std::string k_from = "2026-11-01T00:00:00Z", k_to = "2026-11-22T08:00:00Z";

bool dev_full_works() {
    std::ofstream f("/dev/full");
    return bool(f);
}

/// Files in `dir` other than the captured stdout/stderr.
std::vector<std::string> leftovers(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        std::string n = e.path().filename().string();
        if (n != "stdout" && n != "stderr") {
            out.push_back(n);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("a full standard output is exit 2 with a message", "[cli][output]") {
    if (!dev_full_works()) {
        WARN("no /dev/full on this machine");
        return;
    }
    Scratch s("kg-out-stdout");
    // lint -o sarif writes ~100 KB for the examples: more than one buffer.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"lint", "-f", k_examples, "-o", "sarif", "--fail-on", "never"},
          std::vector<std::string>{"lint", "-f", k_examples, "--fail-on", "never"},
          std::vector<std::string>{"inspect", "-f", k_examples, "-o", "json"},
          std::vector<std::string>{"chargeback", "-f", k_examples, "--from", k_from, "--to", k_to},
          std::vector<std::string>{"report", "-f", k_examples, "--from", k_from, "--to", k_to},
          std::vector<std::string>{"--help"}}) {
        Run r = run(args, s.dir, "/dev/full");
        INFO(args[0] << " " << args.back() << ": " << r.err);
        CHECK(r.rc == 2);
        CHECK(r.err.find("kueuegov: error: cannot write standard output: No space left on device") !=
              std::string::npos);
    }
}

TEST_CASE("an output file on a full device is exit 2 naming the file", "[cli][output]") {
    if (!dev_full_works()) {
        WARN("no /dev/full on this machine");
        return;
    }
    Scratch s("kg-out-devfull");
    Run cb = run({"chargeback", "-f", k_examples, "--from", k_from, "--to", k_to, "--output-file", "/dev/full"}, s.dir);
    CHECK(cb.rc == 2);
    CHECK(cb.err.find("kueuegov: error: cannot write /dev/full: No space left on device") != std::string::npos);
    Run rep = run({"report", "-f", k_examples, "--from", k_from, "--to", k_to, "-o", "/dev/full"}, s.dir);
    CHECK(rep.rc == 2);
    CHECK(rep.err.find("kueuegov: error: cannot write /dev/full: No space left on device") != std::string::npos);
    Run base = run({"lint", "-f", k_examples, "--write-baseline", "/dev/full", "--fail-on", "never"}, s.dir);
    CHECK(base.rc == 2);
    CHECK(base.err.find("cannot write /dev/full") != std::string::npos);
}

TEST_CASE("output files are written whole: same bytes as stdout, no temporary left", "[cli][output]") {
    Scratch s("kg-out-file");
    const fs::path file = s.dir / "report.html";
    std::vector<std::string> args{"report", "-f", k_examples, "--from", k_from, "--to", k_to, "--generated-at", k_to};
    Run to_stdout = run(args, s.dir);
    REQUIRE(to_stdout.rc == 0);
    args.insert(args.end(), {"-o", file.string()});
    // An existing file is replaced, keeping its mode.
    std::ofstream(file) << "old";
    fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    Run to_file = run(args, s.dir);
    CHECK(to_file.rc == 0);
    CHECK(slurp(file) == to_stdout.out);
    CHECK(fs::status(file).permissions() == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
    CHECK(leftovers(s.dir) == std::vector<std::string>{"report.html"});

    // A symbolic link is written through, never replaced by the rename.
    const fs::path target = s.dir / "target.csv", link = s.dir / "link.csv";
    std::ofstream(target) << "old";
    fs::create_symlink(target, link);
    Run cb = run({"chargeback", "-f", k_examples, "--from", k_from, "--to", k_to, "--output-file", link.string()}, s.dir);
    CHECK(cb.rc == 0);
    CHECK(fs::is_symlink(link));
    CHECK(slurp(target).rfind("cluster_queue,", 0) == 0);

    // A directory that does not exist: exit 2, the reason, and nothing written.
    Run missing = run({"chargeback", "-f", k_examples, "--from", k_from, "--to", k_to, "--output-file",
                       (s.dir / "no-such-dir" / "x.csv").string()},
                      s.dir);
    CHECK(missing.rc == 2);
    CHECK(missing.err.find("no-such-dir/x.csv: No such file or directory") != std::string::npos);
}

TEST_CASE("a write that fails half way leaves no partial file", "[cli][output]") {
    Scratch s("kg-out-partial");
    const fs::path file = s.dir / "report.html";
    // A 2 KiB file-size limit (SIGXFSZ ignored, so write(2) fails with EFBIG) stands in for a
    // disk that fills up during the write.
    std::string cmd = "trap '' XFSZ; ulimit -f 4; exec '" + std::string(KG_BINARY) + "' report -f '" + k_examples +
                      "' --from " + k_from + " --to " + k_to + " -o '" + file.string() + "' 2>'" +
                      (s.dir / "stderr").string() + "'";
    int status = std::system(cmd.c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 2);
    CHECK(slurp(s.dir / "stderr").find("cannot write " + file.string() + ": File too large") != std::string::npos);
    CHECK(!fs::exists(file));
    CHECK(leftovers(s.dir).empty());
}

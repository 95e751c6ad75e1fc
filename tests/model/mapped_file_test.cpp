// Large inputs are mapped, not read (model/mapped_file): the text is the file's, the byte
// past its end reads as NUL, a file cut short while mapped reads as zeros and is marked
// changed instead of ending the process with SIGBUS, and the loader gives the same
// cluster, diagnostics and excerpts as when it reads the file.
#include "cluster_dump.h"
#include "model/input_file.h"
#include "model/loader.h"
#include "model/mapped_file.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

using namespace kg::model;

namespace {

namespace fs = std::filesystem;

struct TempFile {
    fs::path path;
    explicit TempFile(const std::string& text) {
        path = fs::temp_directory_path() / ("kueuegov-mapped-" + std::to_string(::getpid()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        std::ofstream(path, std::ios::binary) << text;
    }
    ~TempFile() { fs::remove(path); }
};

std::unique_ptr<MappedFile> map_path(const fs::path& p, std::size_t size) {
    int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
    REQUIRE(fd >= 0);
    auto file = MappedFile::map(fd, size);
    ::close(fd);
    return file;
}

// A byte read as the parser reads it, and not optimised away.
char read_byte(const char* p) {
    return *static_cast<const volatile char*>(p);
}

}  // namespace

TEST_CASE("a mapped file reads as its bytes, with a NUL past the end at any size", "[model][loader][mapped]") {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    for (std::size_t size : {std::size_t{1}, page - 1, page, 3 * page, 3 * page + 7}) {
        INFO("size " << size);
        std::string text(size, 'x');
        text.front() = '{';
        text.back() = '}';
        TempFile f(text);
        auto m = map_path(f.path, size);
        REQUIRE(m);
        CHECK(m->text() == text);
        CHECK(read_byte(m->text().data() + size) == '\0');
        CHECK_FALSE(m->changed());
    }
}

TEST_CASE("a file cut short while mapped reads as zeros past its new end and is marked changed",
          "[model][loader][mapped]") {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::string text(4 * page, 'a');
    TempFile f(text);
    auto m = map_path(f.path, text.size());
    REQUIRE(m);
    REQUIRE(::truncate(f.path.c_str(), static_cast<off_t>(page)) == 0);
    // Within the file's new length: still its bytes.
    CHECK(read_byte(m->text().data() + 10) == 'a');
    CHECK_FALSE(m->changed());
    // Past it: SIGBUS without the guard; zeros with it.
    CHECK(read_byte(m->text().data() + 2 * page + 5) == '\0');
    CHECK(m->changed());
    // On another thread too (the loader's worker reads batches of the text).
    char seen = 'z';
    std::thread([&] { seen = read_byte(m->text().data() + 3 * page); }).join();
    CHECK(seen == '\0');
    // Another mapping is not marked by this one's loss.
    TempFile g(text);
    auto other = map_path(g.path, text.size());
    REQUIRE(other);
    CHECK(read_byte(other->text().data() + 3 * page) == 'a');
    CHECK_FALSE(other->changed());
}

TEST_CASE("only large regular files within the limit are mapped", "[model][loader][mapped]") {
    TempFile small(std::string(1000, ' '));
    CHECK_FALSE(map_input(small.path.string(), 1 << 30));
    TempFile large(std::string(k_map_from + 10, ' '));
    CHECK(map_input(large.path.string(), 1 << 30));
    CHECK_FALSE(map_input(large.path.string(), k_map_from));  // over the limit: read_input says so
    CHECK_FALSE(map_input("-", 1 << 30));
    CHECK_FALSE(map_input(fs::temp_directory_path().string(), 1 << 30));
    CHECK_FALSE(map_input("/nonexistent/kueuegov", 1 << 30));
}

TEST_CASE("a mapped export loads as the same export read into memory", "[model][loader][mapped]") {
    // Over k_map_from, so load_paths maps it; one Workload with a bad quantity, so there is
    // a diagnostic with an excerpt to compare.
    std::string text = "{\n    \"apiVersion\": \"v1\",\n    \"items\": [\n";
    const int count = 3000;
    for (int i = 0; i < count; ++i) {
        std::string cpu = i == 1234 ? "\"lots\"" : "\"8\"";
        text += "        {\n            \"apiVersion\": \"kueue.x-k8s.io/v1beta2\",\n            \"kind\": \"Workload\",\n"
                "            \"metadata\": {\"name\": \"wl-" + std::to_string(i) + "\", \"namespace\": \"team-a\"},\n"
                "            \"spec\": {\"queueName\": \"lq\", \"podSets\": [{\"count\": 1, \"name\": \"main\", "
                "\"template\": {\"spec\": {\"containers\": [{\"name\": \"c\", \"resources\": {\"requests\": {\"cpu\": " +
                cpu + "}}}]}}}]}\n        }" + (i + 1 == count ? "\n" : ",\n");
    }
    text += "    ],\n    \"kind\": \"List\",\n    \"metadata\": {\"resourceVersion\": \"\"}\n}\n";
    REQUIRE(text.size() > k_map_from);
    TempFile f(text);

    Cluster mapped, read;
    DiagSink mapped_diags, read_diags;
    CHECK(load_paths({f.path.string()}, mapped, mapped_diags));
    load_text(f.path.string(), text, read, read_diags);
    CHECK(mapped.workloads.size() == count);
    CHECK(kg::test::dump_cluster(mapped) == kg::test::dump_cluster(read));
    REQUIRE(mapped_diags.items().size() == 1);
    REQUIRE(read_diags.items().size() == 1);
    std::string shown = format_diagnostic(mapped.files, mapped_diags.items()[0]);
    CHECK(shown == format_diagnostic(read.files, read_diags.items()[0]));
    CHECK(shown.find("\"lots\"") != std::string::npos);  // the excerpt, from the kept mapping
    CHECK(mapped.files.text(1) == text);
}

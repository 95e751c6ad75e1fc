// From paths to a Cluster: walks files and directories (sorted, so runs are
// deterministic), reads each file once, and hands every object the front end
// produces to the decoders. Unreadable paths are diagnostics, never exceptions.
#include "model/loader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace kg::model {

namespace fs = std::filesystem;

namespace {

bool has_manifest_extension(const fs::path& p) {
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

bool read_whole_file(const std::string& path, std::string& out, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = std::strerror(errno);
        return false;
    }
    in.seekg(0, std::ios::end);
    std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size > 0) {
        out.resize(static_cast<std::size_t>(size));
        in.read(out.data(), size);
        out.resize(static_cast<std::size_t>(in.gcount()));
    } else {
        out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    if (in.bad()) {
        error = "read error";
        return false;
    }
    return true;
}

void load_file_text(std::uint32_t file_id, std::string_view text, Cluster& out, DiagSink& diags,
                    const LoadOptions& opt) {
    parse_objects(file_id, text, diags, opt, [&](yaml::Node&& obj) {
        ++out.documents;
        decode_object(obj, out, diags);
    });
}

void cannot_read(Cluster& out, DiagSink& diags, const std::string& path, const std::string& why) {
    std::uint32_t id = out.files.add(path);
    diags.error({id, 0, 0}, "cannot read: " + why);
}

}  // namespace

void load_text(std::string name, std::string text, Cluster& out, DiagSink& diags, const LoadOptions& opt) {
    std::uint32_t id = out.files.add(std::move(name), opt.keep_text ? text : std::string());
    load_file_text(id, text, out, diags, opt);
    out.reindex();
}

bool load_paths(const std::vector<std::string>& paths, Cluster& out, DiagSink& diags, const LoadOptions& opt) {
    bool all_read = true;
    auto load_one = [&](const std::string& path) {
        std::string text, error;
        if (path == "-") {
            std::ostringstream ss;
            ss << std::cin.rdbuf();
            text = ss.str();
        } else if (!read_whole_file(path, text, error)) {
            cannot_read(out, diags, path, error);
            all_read = false;
            return;
        }
        std::uint32_t id = out.files.add(path == "-" ? "<stdin>" : path);
        load_file_text(id, text, out, diags, opt);
        if (opt.keep_text) {
            out.files.set_text(id, std::move(text));
        }
    };
    for (const std::string& path : paths) {
        std::error_code ec;
        if (path != "-" && fs::is_directory(path, ec)) {
            std::vector<std::string> files;
            for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                if (it->is_regular_file(ec) && has_manifest_extension(it->path())) {
                    files.push_back(it->path().string());
                }
            }
            if (ec) {
                cannot_read(out, diags, path, ec.message());
                all_read = false;
            }
            std::sort(files.begin(), files.end());
            for (const std::string& f : files) {
                load_one(f);
            }
        } else if (path != "-" && !fs::exists(path, ec)) {
            cannot_read(out, diags, path, "no such file or directory");
            all_read = false;
        } else {
            load_one(path);
        }
    }
    out.reindex();
    return all_read;
}

}  // namespace kg::model

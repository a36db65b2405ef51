import Foundation
import TestSupport
import XCTest

/// The DocC catalogs keep one copy of each docs page: their articles are symbolic links to
/// docs/*.md, every docs page is an article of every catalog (so links between pages resolve
/// in each archive) and listed on the library's module page, and no link dangles
/// (docs/README.md, "DocC").
final class DocCCatalogTests: XCTestCase {
    static let catalogs = ["CropReplay", "CropReplayEngine", "CropReplayTesting"]

    func testEveryDocsPageIsAnArticleOfEveryCatalog() throws {
        let fm = FileManager.default
        let pages = try fm.contentsOfDirectory(atPath: packageRoot + "/docs").filter {
            $0.hasSuffix(".md") && $0 != "README.md"
        }
        XCTAssertGreaterThan(pages.count, 10)
        for name in Self.catalogs {
            let catalog = packageRoot + "/Sources/\(name)/\(name).docc"
            for page in pages {
                let target = try? fm.destinationOfSymbolicLink(atPath: catalog + "/" + page)
                XCTAssertEqual(target, "../../../docs/" + page, "\(page) is not linked into \(name).docc")
            }
        }
        // The library's module page lists every article (the others list their own subset).
        let modulePage = try String(
            contentsOfFile: packageRoot + "/Sources/CropReplay/CropReplay.docc/CropReplay.md", encoding: .utf8)
        for page in pages {
            let name = String(page.dropLast(3))
            XCTAssertTrue(modulePage.contains("- <doc:\(name)>"), "CropReplay.md does not list <doc:\(name)>")
        }
    }

    func testEveryArticleIsALinkToAnExistingDocsPage() throws {
        let fm = FileManager.default
        for name in Self.catalogs {
            let catalog = packageRoot + "/Sources/\(name)/\(name).docc"
            let entries = try fm.contentsOfDirectory(atPath: catalog)
            XCTAssertTrue(entries.contains("\(name).md"), "\(name).docc has no module page")
            for entry in entries where entry != "\(name).md" {
                let path = catalog + "/" + entry
                let target = try fm.destinationOfSymbolicLink(atPath: path)
                XCTAssertTrue(target.hasPrefix("../../../docs/"), "\(name).docc/\(entry) -> \(target)")
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                XCTAssertTrue(fm.fileExists(atPath: resolved), "\(name).docc/\(entry) dangles")
            }
        }
    }
}

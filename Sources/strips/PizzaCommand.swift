import ArgumentParser
import Foundation
import StripsCore
import StripsPizza
import StripsSDL

struct PizzaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pizza",
        abstract: tr("The half-pizza selector: two strips of halves, captions, the price of the combination."),
        discussion: ManualText.pizza)

    /// The mix key's generator starts here in headless runs, so a script always mixes the same way.
    static let headlessSeed: UInt64 = 0x5EED

    @OptionGroup var headless: HeadlessOptions

    @OptionGroup var instruments: InstrumentOptions

    func run() throws {
        let menu = try Self.loadMenu()
        let script = try headless.script.map { try SceneRunner.loadScript($0) }
        try SceneRunner.startSDL(video: script == nil)
        let fonts = SceneRunner.fonts()
        let window = script?.window ?? Script.defaultWindow
        let seed = script == nil ? UInt64(Date().timeIntervalSince1970 * 1000) : Self.headlessSeed
        let scene = PizzaScene(menu: menu, windowSize: window, seed: seed, measurer: fonts ?? ApproximateTextMeasurer())
        try SceneRunner.run(scene, script: script, options: headless, instruments: instruments, fonts: fonts)
    }

    /// Assets/Pizza/menu.tsv and every half it names, or one clear line and a non-zero exit.
    static func loadMenu() throws -> [Pizza] {
        guard let folder = Resources.pizzaFolder else { throw fail("the bundled pizzas (Assets/Pizza) are missing") }
        let path = folder + "/menu.tsv"
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw fail("\(path): cannot read the pizza menu")
        }
        let menu: [Pizza]
        do {
            menu = try PizzaMenu.parse(text, folder: folder)
        } catch {
            throw fail("\(path): \(error.description)")
        }
        for pizza in menu {
            for image in [pizza.leftImagePath, pizza.rightImagePath] where !FileManager.default.fileExists(atPath: image) {
                throw fail("\(image): missing half of '\(pizza.name)' named in \(path)")
            }
        }
        return menu
    }
}

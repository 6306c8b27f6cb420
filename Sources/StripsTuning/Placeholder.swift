import TOMLKit
public func tomlProbe() -> Bool { (try? TOMLTable(string: "a = 1")) != nil }

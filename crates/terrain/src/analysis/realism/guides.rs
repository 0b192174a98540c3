//! What each realism measure means, for a reader: the rows the How-real panel and `terrain
//! stats` print beside the numbers.

/// What one realism measure means, for a reader: the page's "How real is it?" panel and `terrain
/// stats` both print these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guide {
    /// The key in [`super::Measures::json`].
    pub name: &'static str,
    /// A short label.
    pub label: &'static str,
    /// One plain sentence on what the number says about the ground.
    pub means: &'static str,
    /// What real land measures, with the source.
    pub published: &'static str,
    /// What would move it.
    pub moves: &'static str,
}

/// The eight measures, in the order of [`super::Measures::named`].
pub const GUIDES: [Guide; 8] = [
    Guide {
        name: "hurst",
        label: "Hurst exponent",
        means: "How fast height differences grow with distance: 1 is smooth slopes, 0 is noise \
                that looks the same at every scale",
        published: "real topography about 0.5 to 0.9, varying with place and scale (Lovejoy et \
                    al. 1995; Gagnon, Lovejoy and Schertzer 2006)",
        moves: "a lower spread reduction raises it; erosion smooths the small scales",
    },
    Guide {
        name: "spectral_slope",
        label: "Spectral slope",
        means: "How fast the power of the relief falls from broad shapes to fine detail",
        published: "near 3 over a surface's rings (profiles near k^-2; Pelletier 1997), steeper \
                    where broad landforms dominate; real land is multifractal, not one value for \
                    all scales as the posts assume (Gagnon, Lovejoy and Schertzer 2006)",
        moves: "the spread reduction sets it for midpoint displacement and Diamond-Square",
    },
    Guide {
        name: "hypsometric_integral",
        label: "Hypsometric integral",
        means: "Where the mean height sits between the lowest and the highest point",
        published: "about 0.35 to 0.6 for mature landscapes, higher for young uplands, lower for \
                    old worn-down ones (Strahler 1952)",
        moves: "erosion lowers it; fault maps sit near 0.5",
    },
    Guide {
        name: "pits_per_1000",
        label: "Pits per 1000 cells",
        means: "Closed hollows: cells lower than all eight neighbours, where water would stand",
        published: "real land drains, so few; fractal surfaces have about as many pits as peaks",
        moves: "erosion fills some of a fractal map's pits, but the fans its droplets drop leave \
                new hollows, so on land that already drains it adds more than it fills",
    },
    Guide {
        name: "drainage_top1",
        label: "Top 1 % drainage",
        means: "The share of all flow carried by the busiest 1 % of cells: how much water gathers \
                into channels",
        published: "high where rivers gather the water of whole basins",
        moves: "erosion carves channels that gather more",
    },
    Guide {
        name: "concavity",
        label: "Concavity θ",
        means: "How fast a river's slope falls as the area draining into it grows (S ~ A^-θ): \
                the one measure here that tells rivers from noise",
        published: "real rivers about 0.45 (global median 0.425, interquartile 0.225 to 0.575; \
                    Gailleton et al. 2024); noise and the posts' generators 0.1 or less",
        moves: "uplift against river incision (the uplift step) sets it to its m; droplets \
                hardly move it",
    },
    Guide {
        name: "hack",
        label: "Hack exponent",
        means: "How fast a river's length grows with the area draining into it (L ~ A^h): \
                whether basins are long and thin or round",
        published: "real basins 0.5 to 0.6 (Hack 1957); but any network of random paths gives \
                    about 0.5 too, and every generator here does, so it cannot tell rivers from \
                    noise",
        moves: "little moves it: it reads the shape of basins, which routing over any ground \
                makes",
    },
    Guide {
        name: "bifurcation",
        label: "Bifurcation ratio",
        means: "How many streams of one order join to make one of the next (Strahler orders): \
                how branched the network is",
        published: "real networks 3 to 5 (Horton 1945); any random network gives about 4, so \
                    it tests that the routing made a tree, not that the land is real",
        moves: "nothing here moves it far from 4: read the concavity for realism",
    },
];

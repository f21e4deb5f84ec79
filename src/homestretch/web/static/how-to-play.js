// A guide opened from a table's page comes in a tab of its own (the seat's page stays as
// it was, seat and all): "Back to the table" closes this tab; where the browser will not
// close it, it says where the table is.
(function () {
  const back = document.getElementById("back-to-table");
  if (!back) return;
  back.hidden = false;
  back.addEventListener("click", () => {
    window.close();
    setTimeout(() => {  // still open: a tab the browser will not let a page close
      const said = document.getElementById("back-said");
      said.textContent = "Your table is still open in the tab you came from: close this one to go back.";
      said.hidden = false;
    }, 300);
  });
})();
